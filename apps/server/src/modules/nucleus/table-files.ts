import { SINTEZA_DATA_FORMATS } from '@app/contracts/nucleus';
import type { TColumnChoice, TRelationship } from '@app/contracts/nucleus';
import type { Deps } from '../../platform/deps.js';

/** What a RELATIONAL run keeps of its request: its tables (uploads of draft runs) and their links. */
export type StoredRelational = {
  tables: {
    name: string;
    /** The draft run whose upload is the table. */
    runId: string;
    fileName: string;
    format: string;
    primaryKey: string | null;
    columns: TColumnChoice[];
    rows: number;
    /** Columns kept (not dropped); absent from runs stored before it was kept. */
    keptColumns?: number;
  }[];
  relationships: TRelationship[];
  scale: number;
};

type TableFile = 'report.json' | `data.${(typeof SINTEZA_DATA_FORMATS)[number]}`;

/** Where a file of one table of a RELATIONAL run lives: under the run's own folder. */
export function tableFileKey(
  run: { teamId: string; id: string },
  table: string,
  file: TableFile,
): string {
  return `nucleus/${run.teamId}/runs/${run.id}/tables/${table}/${file}`;
}

/** The table names of a RELATIONAL run, as stored with it (none for any other run). */
export function readTableNames(run: { relational: unknown }): string[] {
  const relational = run.relational as StoredRelational | null;
  return (relational?.tables ?? []).map((table) => table.name);
}

/** Every table file a RELATIONAL run's job wrote. */
export async function removeTableFiles(
  deps: Pick<Deps, 'storage'>,
  run: { teamId: string; id: string; relational: unknown },
): Promise<void> {
  const files: TableFile[] = [
    'report.json',
    ...SINTEZA_DATA_FORMATS.map((format) => `data.${format}` as const),
  ];
  await Promise.all(
    readTableNames(run).flatMap((table) =>
      files.map((file) => deps.storage.delete(tableFileKey(run, table, file))),
    ),
  );
}
