import type {
  TMyDataset,
  TMyDatasetsResponse,
  TPurchaseResponse,
  TSellerMetrics,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dvDatasetInstances } from '../../db/schema/index.js';
import { CARDS, addPaymentMethod } from '../billing/billing-fixtures.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { insertTeamDataset } from './dataverse-fixtures.js';

const test = useTestApp();

function get(token: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function instanceOf(datasetId: string): Promise<string> {
  const [row] = await test.app.deps.db
    .select({ id: dvDatasetInstances.id })
    .from(dvDatasetInstances)
    .where(eq(dvDatasetInstances.datasetId, datasetId));
  if (!row) throw new Error(`dataset ${datasetId} has no version`);
  return row.id;
}

/** A buyer team buys `quantity` rows of the dataset's version with the given card. */
async function buy(options: { datasetId: string; quantity: number; card?: string }) {
  const { token } = await signUpConfirmed(test);
  const paymentId = await addPaymentMethod(test, token, { card: options.card ?? CARDS.visa });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/dataverse/purchase/',
    headers: bearer(token),
    payload: { dsiId: await instanceOf(options.datasetId), quantity: options.quantity, paymentId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { token, result: response.json<TPurchaseResponse>() };
}

async function metricsOf(token: string): Promise<TSellerMetrics> {
  const response = await get(token, '/api/axon/metrics');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSellerMetrics>();
}

async function myDatasets(token: string): Promise<TMyDataset[]> {
  const response = await get(token, '/api/axon/datasets');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMyDatasetsResponse>().items;
}

describe('Axon: the seller’s sales come from the paid purchases', () => {
  it('counts each paid purchase and its price for the seller team, per dataset and per day', async () => {
    const seller = await signUpConfirmed(test);
    // 2,00 € per started 100 rows.
    const sold = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
      name: 'Store sales',
    });
    const unsold = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
      name: 'Store staff',
    });
    await buy({ datasetId: sold, quantity: 2 });
    await buy({ datasetId: sold, quantity: 1 });
    const declined = await buy({ datasetId: sold, quantity: 2, card: CARDS.declined });
    expect(declined.result.purchase.status).toBe('PAYMENT_FAILED');

    const metrics = await metricsOf(seller.token);
    expect(metrics.totals).toMatchObject({ datasets: 2, purchases: 2, revenue: 400 });
    expect(metrics.datasets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ datasetId: sold, purchases: 2, revenue: 400 }),
        expect.objectContaining({ datasetId: unsold, purchases: 0, revenue: 0 }),
      ]),
    );
    const today = test.app.deps.clock.now().toISOString().slice(0, 10);
    expect(metrics.days.at(-1)).toMatchObject({ day: today, purchases: 2, revenue: 400 });
    expect(metrics.days.slice(0, -1).every((day) => day.purchases === 0)).toBe(true);

    const listed = await myDatasets(seller.token);
    expect(listed.find((item) => item.datasetId === sold)).toMatchObject({
      sales: 2,
      revenue: 400,
    });
    expect(listed.find((item) => item.datasetId === unsold)).toMatchObject({
      sales: 0,
      revenue: 0,
    });
    const one = await get(seller.token, `/api/axon/datasets/${sold}`);
    expect(one.json<TMyDataset>()).toMatchObject({ sales: 2, revenue: 400 });
  });

  it('shows no other seller’s sales: the buyer and a third team read zero, and 404 on the seller’s dataset', async () => {
    const seller = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
    });
    const buyer = await buy({ datasetId, quantity: 2 });
    const third = await signUpConfirmed(test);
    await insertTeamDataset(test.app.deps.db, { teamId: third.teamId, isPublished: true });

    for (const token of [buyer.token, third.token]) {
      const metrics = await metricsOf(token);
      expect(metrics.totals).toMatchObject({ purchases: 0, revenue: 0 });
      expect(metrics.days.every((day) => day.purchases === 0 && day.revenue === 0)).toBe(true);
      expect(metrics.datasets.some((row) => row.datasetId === datasetId)).toBe(false);
      expect((await myDatasets(token)).every((item) => item.sales === 0)).toBe(true);
      expectAppError(await get(token, `/api/axon/datasets/${datasetId}`), 404, 'NOT_FOUND');
    }
    expect((await metricsOf(seller.token)).totals).toMatchObject({ purchases: 1, revenue: 200 });
  });

  it('keeps a deleted dataset’s sales in the seller’s totals', async () => {
    const seller = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId: seller.teamId,
      isPublished: true,
    });
    await buy({ datasetId, quantity: 2 });
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/dataset/${datasetId}`,
      headers: bearer(seller.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const metrics = await metricsOf(seller.token);
    expect(metrics.totals).toMatchObject({ datasets: 0, purchases: 1, revenue: 200 });
    expect(metrics.datasets).toEqual([]);
    expect(metrics.days.at(-1)).toMatchObject({ purchases: 1, revenue: 200 });
  });
});
