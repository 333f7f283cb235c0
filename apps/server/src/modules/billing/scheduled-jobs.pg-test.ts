import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, jobs, sandboxPaymentIntents, subscriptions } from '../../db/schema/index.js';
import { openSecondWorker, type SecondWorker } from '../../test/second-worker.js';
import { buildTestApp, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { CARDS, subscribeLegalBasic } from './billing-fixtures.js';
import { EXPIRE_INCOMPLETE_JOB } from './billing-jobs.js';
import { RENEW_JOB } from './charges.js';

const DAY = 86_400_000;

let test: TestApp;
let second: SecondWorker;
beforeAll(async () => {
  // Sessions outlive the month this test moves through.
  test = await buildTestApp({ JWT_TTL_HOURS: '100000' });
  second = await openSecondWorker(test);
});
afterAll(async () => {
  await second.close();
  await test.close();
});

describe('scheduled jobs with two workers on one PostgreSQL database', () => {
  it('renew each subscription and expire each unpaid one once, even when scheduled twice', async () => {
    const { db } = test.app.deps;
    const active: string[] = [];
    const unpaid: string[] = [];
    for (let n = 0; n < 4; n++) {
      const { token } = await signUpConfirmed(test);
      active.push((await subscribeLegalBasic(test, token)).subscription.id);
      const other = await signUpConfirmed(test);
      unpaid.push(
        (await subscribeLegalBasic(test, other.token, CARDS.threeDSecure)).subscription.id,
      );
    }
    // The same schedule enqueued twice (a retried request, a recovery) must still run once.
    await db.execute(sql`
      insert into ${jobs} (name, payload, run_at)
      select name, payload, run_at from ${jobs}
      where name in (${RENEW_JOB}, ${EXPIRE_INCOMPLETE_JOB}) and status = 'pending'`);
    const scheduled = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.name} in (${RENEW_JOB}, ${EXPIRE_INCOMPLETE_JOB})`);
    // Each subscription's expiry, and each active one's renewal: 12, each twice.
    expect(scheduled).toHaveLength(24);

    test.clock.set(new Date(test.clock.now().getTime() + 32 * DAY));
    const ran = await Promise.all([test.app.deps.jobs.runDue(), second.app.deps.jobs.runDue()]);

    const states = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(sql`${jobs.id} in ${scheduled.map((job) => job.id)}`);
    expect(states.map((job) => job.status)).toEqual(Array(24).fill('completed'));
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(24);
    for (const id of active) {
      const rows = await db.select().from(invoices).where(eq(invoices.subscriptionId, id));
      expect(rows.map((invoice) => invoice.status).sort()).toEqual(['paid', 'paid']);
      const teamId = rows[0]!.teamId;
      const charges = await db.execute(
        sql`select count(*)::int as n from ${sandboxPaymentIntents} i
            join sandbox_customers c on c.id = i.customer_id
            where c.team_id = ${teamId} and i.status = 'succeeded'`,
      );
      expect((charges as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    }
    for (const id of unpaid) {
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(subscription?.status).toBe('INCOMPLETE_EXPIRED');
      const rows = await db.select().from(invoices).where(eq(invoices.subscriptionId, id));
      expect(rows.map((invoice) => invoice.status)).toEqual(['void']);
    }
  });
});
