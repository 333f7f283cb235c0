import { annualPriceCents, type TNeuron, type TPlan } from '@app/contracts';
import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans, prices } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { CATALOGUE, priceId, seedCatalogue } from './seed.js';

const test = useTestApp({ PUBLIC_URL: 'https://neurons.example.com' });

async function get<T>(url: string, language?: string): Promise<T> {
  const { token } = await signUpConfirmed(test);
  const response = await test.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('the neuron catalogue', () => {
  it('lists the three neurons in order, with the address of their API', async () => {
    const neurons = await get<TNeuron[]>('/api/listneurons');
    expect(neurons.map((neuron) => neuron.id)).toEqual(['FinancialViewer', 'LegalMind', 'Nucleus']);
    expect(neurons[1]?.microserviceUrl).toBe('https://neurons.example.com/v1');
  });

  it('describes one neuron and answers 404 for an unknown one', async () => {
    expect(await get<TNeuron>('/api/info/Nucleus')).toMatchObject({ name: 'Nucleus (Sinteza)' });
    const { token } = await signUpConfirmed(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/availableplans/Unknown',
      headers: bearer(token),
    });
    expectAppError(response, 404, 'NOT_FOUND');
  });

  it('shows each neuron with a picture the web app serves', () => {
    for (const neuron of CATALOGUE) {
      const file = new URL(`../../../../web/public${neuron.imageUrl}`, import.meta.url);
      expect(existsSync(file), neuron.imageUrl).toBe(true);
    }
  });

  it('needs a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/listneurons' });
    expectAppError(response, 401, 'UNAUTHORIZED');
  });
});

describe('available plans', () => {
  it('offers a Free Forever plan for LegalMind and Nucleus but not for the Financial Viewer', async () => {
    const freeCodes = async (neuron: string) =>
      (await get<TPlan[]>(`/api/availableplans/${neuron}`))
        .filter((plan) => plan.isFree)
        .map((plan) => plan.planName);
    expect(await freeCodes('FinancialViewer')).toEqual([]);
    expect(await freeCodes('LegalMind')).toEqual(['Free Forever']);
    expect(await freeCodes('Nucleus')).toEqual(['Free Forever']);
  });

  it('prices every paid plan monthly and annually at 12 × monthly − 20 %', async () => {
    for (const neuron of ['FinancialViewer', 'LegalMind', 'Nucleus']) {
      const available = await get<TPlan[]>(`/api/availableplans/${neuron}`);
      const paid = available.filter((plan) => !plan.isFree && !plan.isEnterprise);
      expect(paid.length).toBeGreaterThanOrEqual(2);
      for (const plan of paid) {
        expect(plan.planPriceMonthly).toBeGreaterThan(0);
        expect(plan.planPriceYearly).toBe(annualPriceCents(plan.planPriceMonthly ?? 0));
        expect(plan.planPriceIdMonthly).toMatch(/_month$/);
        expect(plan.planPriceIdYearly).toMatch(/_year$/);
      }
      expect(available.map((plan) => plan.planRank)).toEqual(
        [...available.map((plan) => plan.planRank)].sort((a, b) => a - b),
      );
      expect(available.at(-1)).toMatchObject({
        planCode: 'ENTERPRISE',
        isEnterprise: true,
        planPriceMonthly: null,
        planPriceIdMonthly: null,
      });
    }
  });

  it('carries the plan limits of the Plan entity', async () => {
    const nucleus = await get<TPlan[]>('/api/availableplans/Nucleus');
    expect(nucleus.find((plan) => plan.planCode === 'PRO')).toMatchObject({
      planNumRows: 1_000_000,
      planNumColumns: 200,
      planOutputsLimitMonthly: 200,
      planRowsLimitMonthly: 25_000_000,
      planNumConcurrentJobs: 4,
      planNumTables: 10,
    });
    const legal = await get<TPlan[]>('/api/availableplans/LegalMind');
    expect(legal.find((plan) => plan.isFree)?.planCallsLimitMonthly).toBe(100);
    expect(legal.map((plan) => [plan.planCode, plan.planMaxDocumentCharacters])).toEqual([
      ['FREE', 100_000],
      ['BASIC', 1_000_000],
      ['PRO', 1_000_000],
      ['ENTERPRISE', null],
    ]);
  });

  it('names neurons and plans in Spanish for a Spanish UI, in English otherwise', async () => {
    const [spanish] = await get<TPlan[]>('/api/availableplans/LegalMind', 'es');
    expect(spanish).toMatchObject({ planName: 'Gratis para siempre' });
    expect(spanish?.planDesc).toMatch(/anonimizador/);
    const [english] = await get<TPlan[]>('/api/availableplans/LegalMind', 'fr-FR');
    expect(english).toMatchObject({ planName: 'Free Forever' });
    const neurons = await get<TNeuron[]>('/api/listneurons', 'es');
    expect(neurons[0]?.description).toMatch(/^Conecta tus bancos/);
  });

  it('leaves inactive plans out', async () => {
    await test.app.deps.db.update(plans).set({ active: false }).where(eq(plans.code, 'BUSINESS'));
    const viewer = await get<TPlan[]>('/api/availableplans/FinancialViewer');
    expect(viewer.map((plan) => plan.planCode)).toEqual(['BASIC', 'PRO', 'ENTERPRISE']);
  });
});

describe('seedCatalogue', () => {
  it('adds nothing twice and keeps a price changed since', async () => {
    const id = priceId('LegalMind', 'BASIC', 'MONTH');
    await test.app.deps.db.update(prices).set({ amountCents: 3500 }).where(eq(prices.id, id));
    const before = await test.app.deps.db.select().from(prices);
    await seedCatalogue(test.app.deps.db);
    const after = await test.app.deps.db.select().from(prices);
    expect(after).toHaveLength(before.length);
    expect(after.find((price) => price.id === id)?.amountCents).toBe(3500);
  });

  it('gives translations to an install that has none, and keeps one edited since', async () => {
    const { db } = test.app.deps;
    await db.update(plans).set({ translations: {} }).where(eq(plans.code, 'FREE'));
    const edited = { es: { name: 'Gratuito', description: 'Para probar.' } };
    await db.update(plans).set({ translations: edited }).where(eq(plans.code, 'PRO'));
    await seedCatalogue(db);
    const stored = await db.select().from(plans);
    const free = stored.filter((plan) => plan.code === 'FREE');
    expect(free.map((plan) => plan.translations.es?.name)).toEqual([
      'Gratis para siempre',
      'Gratis para siempre',
    ]);
    const pro = stored.filter((plan) => plan.code === 'PRO');
    expect(pro.every((plan) => plan.translations.es?.name === 'Gratuito')).toBe(true);
  });

  it('gives the document limits to an install from before them, and keeps one changed since', async () => {
    const { db } = test.app.deps;
    const legalMind = eq(plans.neuronId, 'LegalMind');
    await db.update(plans).set({ maxDocumentCharacters: null }).where(legalMind);
    await db
      .update(plans)
      .set({ maxDocumentCharacters: 250_000 })
      .where(and(legalMind, eq(plans.code, 'BASIC')));
    await seedCatalogue(db);
    const stored = await db.select().from(plans).where(legalMind);
    expect(
      Object.fromEntries(stored.map((plan) => [plan.code, plan.maxDocumentCharacters])),
    ).toEqual({ FREE: 100_000, BASIC: 250_000, PRO: 1_000_000, ENTERPRISE: null });
  });

  it('gives the Nucleus rows per month to an install from before them, and keeps one changed since', async () => {
    const { db } = test.app.deps;
    const nucleus = eq(plans.neuronId, 'Nucleus');
    await db.update(plans).set({ rowsLimitMonthly: null }).where(nucleus);
    await db
      .update(plans)
      .set({ rowsLimitMonthly: 75_000 })
      .where(and(nucleus, eq(plans.code, 'FREE')));
    await seedCatalogue(db);
    const stored = await db.select().from(plans).where(nucleus);
    expect(Object.fromEntries(stored.map((plan) => [plan.code, plan.rowsLimitMonthly]))).toEqual({
      FREE: 75_000,
      STARTER: 1_000_000,
      PRO: 25_000_000,
      BUSINESS: 1_000_000_000,
      ENTERPRISE: null,
    });
  });
});
