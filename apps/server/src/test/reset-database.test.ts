import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { plans, prices, teams } from '../db/schema/index.js';
import { useTestApp } from './test-app.js';

const test = useTestApp();

async function snapshot() {
  const db = test.app.deps.db;
  return {
    plans: await db.select().from(plans).orderBy(plans.id),
    prices: await db.select().from(prices).orderBy(prices.id),
    teams: await db.select().from(teams),
  };
}

it('empties what a test wrote and puts back a catalogue it changed, as seeded', async () => {
  const seeded = await snapshot();
  expect(seeded.plans.length).toBeGreaterThan(0);
  const db = test.app.deps.db;
  const [team] = await db.insert(teams).values({ name: 'Acme' }).returning();
  const plan = seeded.plans[0]!;
  await db.insert(prices).values({
    id: 'price_custom',
    planId: plan.id,
    interval: 'MONTH',
    amountCents: 1,
    teamId: team!.id,
  });
  await db.update(plans).set({ name: 'Renamed' }).where(eq(plans.id, plan.id));
  await db.delete(prices).where(eq(prices.id, seeded.prices[0]!.id));

  await test.reset();

  expect(await snapshot()).toEqual(seeded);
  const orphans = (await db.execute(
    sql`select count(*)::int as count from prices where team_id is not null`,
  )) as { rows: unknown[] };
  expect(orphans.rows).toEqual([{ count: 0 }]);
});

it('leaves the catalogue alone when a test did not change it', async () => {
  const before = await snapshot();
  await test.app.deps.db.insert(teams).values({ name: 'Acme' });
  await test.reset();
  expect(await snapshot()).toEqual({ ...before, teams: [] });
});

it('truncates a table a test filled with more than 10,000 rows, with the rows that refer to it', async () => {
  const seeded = await snapshot();
  const db = test.app.deps.db;
  await db.execute(
    sql`insert into teams (name) select 'Team ' || n from generate_series(1, 10001) n`,
  );
  const [team] = await db.insert(teams).values({ name: 'Acme' }).returning();
  await db.insert(prices).values({
    id: 'price_custom',
    planId: seeded.plans[0]!.id,
    interval: 'MONTH',
    amountCents: 1,
    teamId: team!.id,
  });

  const fileOf = async () =>
    (
      (await db.execute(sql`select pg_relation_filenode('teams') as file`)) as {
        rows: { file: number }[];
      }
    ).rows[0]?.file;
  const fileBefore = await fileOf();

  await test.reset();

  // A truncated table gets a new file: no dead rows are left behind, as a delete would.
  expect(await fileOf()).not.toBe(fileBefore);
  const left = (await db.execute(
    sql`select (select count(*)::int from teams) as teams, (select count(*)::int from prices where team_id is not null) as prices`,
  )) as { rows: unknown[] };
  expect(left.rows).toEqual([{ teams: 0, prices: 0 }]);
  // TRUNCATE … CASCADE empties the catalogue's prices too; the reset puts them back.
  expect(await snapshot()).toEqual(seeded);
});
