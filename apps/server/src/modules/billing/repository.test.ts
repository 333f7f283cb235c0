import type { TSubscribeResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, subscriptions } from '../../db/schema/index.js';
import { signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { CARDS, LEGAL_BASIC_MONTH, addPaymentMethod, subscribe } from './billing-fixtures.js';
import {
  findInvoiceLines,
  findLatestInvoice,
  findLatestInvoices,
  findPaidPlansWithPrices,
  findPriceForTeam,
  findPricesOfPlansForTeam,
  insertPrice,
  lockSubscription,
  updateInvoice,
  updateSubscription,
} from './repository.js';

const test = useTestApp();

/** A team with an active LegalMind subscription and its paid invoice, and a team without. */
async function twoTeams() {
  const owner = await signUpConfirmed(test);
  const other = await signUpConfirmed(test);
  const paymentId = await addPaymentMethod(test, owner.token, { card: CARDS.visa });
  const response = await subscribe(test, owner.token, {
    priceId: LEGAL_BASIC_MONTH,
    planCode: 'BASIC',
    paymentId,
  });
  expect(response.statusCode, response.body).toBe(200);
  const subscriptionId = response.json<TSubscribeResponse>().subscription.id;
  const [invoice] = await test.app.deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId));
  if (!invoice) throw new Error('the subscription has no invoice');
  return { teamId: owner.teamId, otherTeamId: other.teamId, subscriptionId, invoice };
}

describe('billing repository', () => {
  it("changes nothing and finds nothing of a team's subscription and invoices with another team's id", async () => {
    const { db } = test.app.deps;
    const { teamId, otherTeamId, subscriptionId, invoice } = await twoTeams();

    await updateSubscription(db, otherTeamId, subscriptionId, { status: 'CANCELED' });
    await updateInvoice(db, otherTeamId, invoice.id, { status: 'void' });
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(subscription?.status).toBe('ACTIVE');
    expect((await findLatestInvoice(db, teamId, subscriptionId))?.status).toBe('paid');

    expect(await findLatestInvoice(db, otherTeamId, subscriptionId)).toBeUndefined();
    expect(await findLatestInvoices(db, otherTeamId, [subscriptionId])).toEqual([]);
    expect(await findInvoiceLines(db, otherTeamId, [invoice.id])).toEqual([]);
    expect(await findInvoiceLines(db, teamId, [invoice.id])).not.toEqual([]);
    const locked = await db.transaction(async (tx) => ({
      own: await lockSubscription(tx, teamId, subscriptionId),
      other: await lockSubscription(tx, otherTeamId, subscriptionId),
    }));
    expect(locked.own?.id).toBe(subscriptionId);
    expect(locked.other).toBeUndefined();
  });

  it('finds a public price for every team and a custom price for its own team only', async () => {
    const { db } = test.app.deps;
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const publicPrice = await findPriceForTeam(db, other.teamId, LEGAL_BASIC_MONTH);
    if (!publicPrice) throw new Error('no public LegalMind Basic price');
    const custom = await insertPrice(db, {
      id: 'price_custom_repository_test',
      planId: publicPrice.planId,
      interval: 'MONTH',
      amountCents: 1500,
      teamId: owner.teamId,
    });

    expect(await findPriceForTeam(db, owner.teamId, custom.id)).toEqual(custom);
    expect(await findPriceForTeam(db, other.teamId, custom.id)).toBeUndefined();
    const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
    expect(idsOf(await findPricesOfPlansForTeam(db, owner.teamId, [custom.planId]))).toContain(
      custom.id,
    );
    expect(idsOf(await findPricesOfPlansForTeam(db, other.teamId, [custom.planId]))).not.toContain(
      custom.id,
    );
    const listed = async (teamId: string | undefined) =>
      (await findPaidPlansWithPrices(db, teamId)).flatMap((row) =>
        row.price ? [row.price.id] : [],
      );
    expect(await listed(owner.teamId)).toContain(custom.id);
    expect(await listed(other.teamId)).not.toContain(custom.id);
    expect(await listed(undefined)).not.toContain(custom.id);
    expect(await listed(undefined)).toContain(LEGAL_BASIC_MONTH);
  });
});
