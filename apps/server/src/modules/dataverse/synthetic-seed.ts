/**
 * The synthetic files of the seeded catalogue (`seed-data/`), made from the evaluation data
 * beside the repository (`../shared/eval`) with our engine: Adult by the gaussian copula (300
 * rows, seed 7); the Berka accounts and their transactions together by the relational
 * synthesizer (Bayesian networks, a fifth of the real accounts, seed 7), so every transaction
 * belongs to a synthetic account. The same engine and data give the same bytes. Each file's
 * fidelity to its real source is the utility score that `seed-datasets.ts` states.
 */
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import {
  buildQualityReport,
  fitRelationalSynthesizer,
  fitSynthesizer,
  inferTableSchema,
  readCsvTable,
  writeRows,
  type RelationalTable,
  type RowBatch,
  type Table,
  type TableSchema,
} from '@app/synth';

const SEED = 7;
const ADULT_ROWS = 300;
/** The share of Berka's 50 real accounts drawn (10); each brings its own transactions. */
const BERKA_SCALE = 0.2;

const EVAL_FOLDER = new URL('../../../../../../shared/eval/', import.meta.url);

function readEval(file: string): Table {
  return readCsvTable(readFileSync(new URL(file, EVAL_FOLDER), 'utf8'));
}

function berkaTable(name: string, file: string, primaryKey: string): RelationalTable {
  const table = readEval(`berka/${file}`);
  return { name, table, schema: { ...inferTableSchema(table), primaryKey } };
}

async function toCsv(batch: RowBatch): Promise<string> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeRows({ format: 'csv', batches: [batch], stream });
  stream.end();
  return Buffer.concat(chunks).toString('utf8');
}

type SeedFile = { file: string; synthetic: RowBatch; real: Table; schema: TableSchema };

function makeAdult(): SeedFile {
  const real = readEval('synth/adult.csv');
  const schema = inferTableSchema(real);
  const synthesizer = fitSynthesizer({ algorithm: 'gaussian-copula', table: real, schema });
  const rows = [...synthesizer.sample({ rows: ADULT_ROWS, seed: SEED })].flatMap(
    (batch) => batch.rows,
  );
  return {
    file: 'adult-income-synthetic.csv',
    synthetic: { columns: real.columns, rows },
    real,
    schema,
  };
}

function makeBerka(): SeedFile[] {
  const accounts = berkaTable('account', 'account_50.csv', 'account_id');
  const transactions = berkaTable('trans', 'trans_50_accounts.csv', 'trans_id');
  const synthesizer = fitRelationalSynthesizer({
    tables: [accounts, transactions],
    relationships: [{ parent: 'account', child: 'trans', foreignKey: 'account_id' }],
    algorithm: 'bayesian-network',
  });
  const synthetic = new Map(
    synthesizer.sample({ seed: SEED, scale: BERKA_SCALE }).map((table) => [table.name, table]),
  );
  return [
    { file: 'bank-accounts-synthetic.csv', source: accounts },
    { file: 'bank-transactions-synthetic.csv', source: transactions },
  ].map(({ file, source }) => {
    const table = synthetic.get(source.name);
    if (!table) throw new Error(`the engine drew no ${source.name} table`);
    return { file, synthetic: table, real: source.table, schema: source.schema };
  });
}

/** The engine's fidelity report of the synthetic rows against the real table, 0–100. */
function fidelity({ synthetic, real, schema }: SeedFile): number {
  const table: Table = {
    columns: synthetic.columns,
    rows: synthetic.rows.map((row) => row.map((value) => (value === null ? null : String(value)))),
  };
  const report = buildQualityReport({ real, synthetic: table, schema });
  return Math.round(report.overall * 1000) / 10;
}

/** A synthetic file of the seeded catalogue as the engine makes it, with its fidelity. */
export type SyntheticSeedFile = { file: string; csv: string; rows: number; fidelity: number };

/** The seeded catalogue's synthetic files (`seed-data/`), made from `../shared/eval`. */
export async function makeSyntheticSeedFiles(): Promise<SyntheticSeedFile[]> {
  const made: SyntheticSeedFile[] = [];
  for (const seedFile of [makeAdult(), ...makeBerka()]) {
    made.push({
      file: seedFile.file,
      csv: await toCsv(seedFile.synthetic),
      rows: seedFile.synthetic.rows.length,
      fidelity: fidelity(seedFile),
    });
  }
  return made;
}
