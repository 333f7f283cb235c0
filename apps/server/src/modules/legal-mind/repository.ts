import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { legalMindDocuments } from '../../db/schema/index.js';

export async function insertDocument(
  executor: Executor,
  values: typeof legalMindDocuments.$inferInsert,
): Promise<void> {
  await executor.insert(legalMindDocuments).values(values);
}

function documentsOfTeamSince(options: { teamId: string; since: Date }) {
  return and(
    eq(legalMindDocuments.teamId, options.teamId),
    gte(legalMindDocuments.createdAt, options.since),
  );
}

const findingsOfDocument = sql<number>`(select coalesce(sum(value::int), 0) from jsonb_each_text(${legalMindDocuments.findings}))`;

export async function documentTotals(
  executor: Executor,
  options: { teamId: string; since: Date },
): Promise<{ documents: number; characters: number; findings: number }> {
  const [row] = await executor
    .select({
      documents: count(),
      characters: sql<number>`coalesce(sum(${legalMindDocuments.characters}), 0)`.mapWith(Number),
      findings: sql<number>`coalesce(sum(${findingsOfDocument}), 0)`.mapWith(Number),
    })
    .from(legalMindDocuments)
    .where(documentsOfTeamSince(options));
  return row ?? { documents: 0, characters: 0, findings: 0 };
}

/** Findings per kind, and in how many documents each kind was found; most found first. */
export async function findingsByKind(
  executor: Executor,
  options: { teamId: string; since: Date },
): Promise<{ label: string; findings: number; documents: number }[]> {
  type Row = { label: string; findings: string | number; documents: string | number };
  const result = (await executor.execute(sql`
    select kind.key as label, sum(kind.value::int) as findings, count(*) as documents
    from ${legalMindDocuments}, jsonb_each_text(${legalMindDocuments.findings}) as kind
    where ${documentsOfTeamSince(options)}
    group by kind.key
    order by findings desc, label`)) as { rows: Row[] };
  return result.rows.map((row) => ({
    label: row.label,
    findings: Number(row.findings),
    documents: Number(row.documents),
  }));
}

export function documentsPerDay(
  executor: Executor,
  options: { teamId: string; since: Date },
): Promise<{ day: string; documents: number; findings: number }[]> {
  const day = sql<string>`to_char(${legalMindDocuments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return executor
    .select({
      day,
      documents: count(),
      findings: sql<number>`coalesce(sum(${findingsOfDocument}), 0)`.mapWith(Number),
    })
    .from(legalMindDocuments)
    .where(documentsOfTeamSince(options))
    .groupBy(day)
    .orderBy(day);
}
