import { ROLES } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dvDatasetInstances, dvDatasets, fvImports, invoices, plans } from '../db/schema/index.js';
import { ensurePlatformAdmin } from '../modules/admin/service.js';
import { CARDS, addPaymentMethod, subscribe } from '../modules/billing/billing-fixtures.js';
import { priceId } from '../modules/catalogue/seed.js';
import {
  addManualAccount,
  businessStatementRows,
  createFileConnection,
  importCsv,
  statementCsv,
} from '../modules/financial-viewer/financial-viewer-fixtures.js';
import {
  insertTeamDataset,
  insertTeamFamilyWithDatasets,
} from '../modules/dataverse/dataverse-fixtures.js';
import { findDatasetInstances } from '../modules/dataverse/repository.js';
import { seedDataverse } from '../modules/dataverse/seed.js';
import { finishedRun } from '../modules/nucleus/nucleus-fixtures.js';
import { formUpload } from '../test/fixtures.js';
import {
  asParameter,
  changedTables,
  operationUrl,
  readOperations,
  sample,
  tableDigests,
  type Operation,
} from '../test/openapi-operations.js';
import {
  bearer,
  buildTestApp,
  signUpConfirmed,
  uniqueEmail,
  type TestApp,
} from '../test/test-app.js';

/**
 * Every route of the API that takes an id, read from its own OpenAPI document, is called by
 * one team with another team's id in that place (and its own ids everywhere else): it must
 * answer 403 or 404 and change nothing. A new route whose id this test cannot tell fails it
 * until the id is named below.
 */

/** Tables a refused request writes by design: the meter logs refused neuron calls. */
const WRITTEN_ON_REFUSAL = new Set(['api_calls', 'password_failures']);

/** What one team owns, one id of each kind. */
type TeamIds = {
  session: string;
  userId: string;
  teamId: string;
  memberId: string;
  paymentMethodId: string;
  setupIntentId: string;
  paymentIntentId: string;
  subscriptionId: string;
  /** A paid invoice of the team (its subscription's first). */
  invoiceId: string;
  customPriceId: string;
  /** A custom price of Nucleus's PRO plan: the Sinteza subscribe calls name a Nucleus price. */
  nucleusCustomPriceId: string;
  connectionId: string;
  accountId: string;
  transactionId: string;
  importId: string;
  runId: string;
  /** An unpublished Dataverse dataset, and a family, of the team. */
  datasetId: string;
  familyId: string;
  /** The dataset's version 1. */
  instanceId: string;
  /** The version (dsiId) of that dataset, and a paid Dataverse purchase of the team. */
  dsiId: string;
  purchaseId: string;
  /** The seeded dataset that purchase is of (each team buys another one). */
  boughtDatasetId: string;
  legalMindToken: string;
  financialToken: string;
  nucleusToken: string;
};

/**
 * Parameters that are not ids of a team's data: credentials and links (tested in their own
 * modules), catalogue and taxonomy codes every team shares, and signed file keys.
 */
const NOT_TEAM_IDS = new Set([
  'token',
  'neuron',
  'period',
  'mode',
  'type',
  'code',
  'country',
  'entCodes',
  'catIds',
  'parentIds',
  'catId',
  'bankCode',
  'bank_code',
  'planCode',
  'productId',
  'domelId',
  'domelParent',
  '*',
  // A Dataverse download address: its signature is the credential (purchases.test.ts).
  'purchaseId',
  // The edge command line's own id of a usage report, counted once per team (edge.test.ts).
  'reportId',
]);

/** Which of a team's ids a parameter or body field named `name` takes, on `path`. */
function idFor(path: string, name: string, ids: TeamIds): string | string[] | undefined {
  switch (name) {
    case 'userId':
      return ids.userId;
    case 'subscriptionId':
    case 'internalId':
      return ids.subscriptionId;
    case 'paymentId':
      return ids.paymentMethodId;
    case 'priceId':
      return path.startsWith('/api/sinteza/') ? ids.nucleusCustomPriceId : ids.customPriceId;
    case 'priceIds':
      return [ids.customPriceId];
    case 'accountIds':
    case 'account_ids':
      return [ids.accountId];
    case 'account_id':
      return ids.accountId;
    case 'conn_id':
      return ids.connectionId;
    case 'team_id':
      return ids.teamId;
    case 'runId':
      return ids.runId;
    case 'invoiceId':
      return ids.invoiceId;
    case 'inst':
      return ids.instanceId;
    case 'dsiId':
      return ids.dsiId;
    case 'id':
      return idInPath(path, ids);
    default:
      return undefined;
  }
}

const PATH_IDS: [RegExp, (ids: TeamIds) => string][] = [
  [/^\/api\/team\/invite\//, (ids) => ids.memberId],
  [/^\/api\/admin\/user\//, (ids) => ids.userId],
  [/^\/api\/sandbox\/setup_intents\//, (ids) => ids.setupIntentId],
  [/^\/api\/sandbox\/payment_intents\//, (ids) => ids.paymentIntentId],
  [/^\/api\/user\/subscription\//, (ids) => ids.subscriptionId],
  [/^\/api\/sinteza\/token\/refresh\//, (ids) => ids.subscriptionId],
  [/^\/api\/financialviewer\/connection\//, (ids) => ids.connectionId],
  [/^\/api\/financialviewer\/account\//, (ids) => ids.accountId],
  [/^\/api\/financialviewer\/transaction\//, (ids) => ids.transactionId],
  [/^\/api\/financialviewer\/import\//, (ids) => ids.importId],
  [/^\/api\/sinteza\/run\//, (ids) => ids.runId],
  [/^\/v1\/sinteza\/run\//, (ids) => ids.runId],
  [/^\/api\/dataverse\/purchase\//, (ids) => ids.purchaseId],
  [/^\/api\/dataset\/\{id\}\/download$/, (ids) => ids.boughtDatasetId],
  [/^\/api\/dataset\/family\//, (ids) => ids.familyId],
  [/^\/api\/loader\/dataset\//, (ids) => ids.datasetId],
  [/^\/api\/axon\/datasets\//, (ids) => ids.datasetId],
  [/^\/api\/dataset\//, (ids) => ids.datasetId],
];

function idInPath(path: string, ids: TeamIds): string | undefined {
  return PATH_IDS.find(([pattern]) => pattern.test(path))?.[1](ids);
}

function looksLikeId(name: string, format: string | undefined): boolean {
  return format === 'uuid' || /(^id$|Id$|_id$|Ids$|_ids$)/.test(name);
}

/**
 * Dataverse's signed download addresses (a purchase's files, a version's report): their
 * signature is the credential, and report.test.ts and purchases.test.ts refuse other teams'.
 */
const SIGNED_ADDRESSES = /^\/api\/dataverse\/(files|reports)\//;

/** The id-taking places of an operation: path and query parameters and top-level body fields. */
function idPlaces(operation: Operation): { in: 'parameter' | 'body'; name: string }[] {
  const places: { in: 'parameter' | 'body'; name: string }[] = [];
  if (SIGNED_ADDRESSES.test(operation.path)) return places;
  for (const parameter of operation.parameters) {
    if (NOT_TEAM_IDS.has(parameter.name)) continue;
    if (looksLikeId(parameter.name, parameter.schema.format)) {
      places.push({ in: 'parameter', name: parameter.name });
    }
  }
  for (const [name, schema] of Object.entries(operation.body?.properties ?? {})) {
    if (NOT_TEAM_IDS.has(name)) continue;
    if (looksLikeId(name, schema.format)) places.push({ in: 'body', name });
  }
  return places;
}

/** Values of the other parameters that the routes accept. */
const VALID_VALUES: Record<string, string | number> = {
  neuron: 'FinancialViewer',
  planCode: 'PRO',
  catId: 201,
  percentOff: 10,
  fileName: 'data.csv',
  priceModel: '0001',
  pricingValue: 0,
  numRows: 10,
};

/**
 * Refused as another team's id: 403 or 404, or a form's 400 on that very field ("choose one
 * of your payment methods"), which says no more than a 404 would.
 */
function isRefusal(
  response: LightMyRequestResponse,
  place: { in: 'parameter' | 'body'; name: string },
): boolean {
  if (response.statusCode === 403 || response.statusCode === 404) return true;
  if (response.statusCode !== 400 || place.in !== 'body') return false;
  const fields = response.json<{ error: { fields?: Record<string, string> } }>().error.fields;
  return fields !== undefined && Object.keys(fields).join() === place.name;
}

/** A JSON body, or for a form its text fields and a statement as its file. */
function payload(operation: Operation, body: Record<string, unknown> | undefined) {
  if (!operation.isMultipart) return { payload: body, headers: {} };
  const properties = operation.body?.properties ?? {};
  const fileField = Object.keys(properties).find((name) => properties[name]?.format === 'binary');
  const fields = Object.fromEntries(
    Object.entries(body ?? {})
      .filter(([name]) => name !== fileField)
      .map(([name, value]) => [name, String(value)]),
  );
  const form = formUpload({
    fields,
    file: {
      field: fileField ?? 'document',
      body: Buffer.from(statementCsv(businessStatementRows(new Date(), 20)), 'utf8'),
      filename: 'movimientos.csv',
      contentType: 'text/csv',
    },
  });
  return { payload: form.payload, headers: form.headers };
}

/** The neuron token a token API takes: the Financial Viewer's, Nucleus's, or LegalMind's. */
function tokenFor(path: string, ids: TeamIds): string {
  if (path.startsWith('/v1/financial/')) return ids.financialToken;
  if (path.startsWith('/v1/sinteza/')) return ids.nucleusToken;
  return ids.legalMindToken;
}

async function instanceOf(test: TestApp, datasetId: string): Promise<string> {
  const [row] = await test.app.deps.db
    .select({ id: dvDatasetInstances.id })
    .from(dvDatasetInstances)
    .where(eq(dvDatasetInstances.datasetId, datasetId));
  return row?.id ?? '';
}

/** A purchase of 100 rows of a priced seeded dataset, paid by card. */
async function boughtRows(
  test: TestApp,
  options: { session: string; paymentId: string; seedKey: string },
): Promise<{ purchaseId: string; datasetId: string }> {
  const [dataset] = await test.app.deps.db
    .select({ id: dvDatasets.id })
    .from(dvDatasets)
    .where(eq(dvDatasets.seedKey, options.seedKey));
  const datasetId = dataset?.id ?? '';
  const bought = await test.app.inject({
    method: 'POST',
    url: '/api/dataverse/purchase/',
    headers: bearer(options.session),
    payload: {
      dsiId: await instanceOf(test, datasetId),
      quantity: 100,
      paymentId: options.paymentId,
    },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return { purchaseId: bought.json<{ purchase: { id: string } }>().purchase.id, datasetId };
}

async function populateTeam(
  test: TestApp,
  adminSession: string,
  boughtSeedKey: string,
): Promise<TeamIds> {
  const owner = await signUpConfirmed(test);
  const session = owner.token;
  const paymentMethodId = await addPaymentMethod(test, session, { card: CARDS.visa });
  const subscribed = await subscribe(
    test,
    session,
    {
      priceId: priceId('FinancialViewer', 'BASIC', 'MONTH'),
      planCode: 'BASIC',
      paymentId: paymentMethodId,
    },
    'FinancialViewer',
  );
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  const subscriptionId = subscribed.json<{ subscription: { id: string } }>().subscription.id;
  await test.app.inject({
    method: 'POST',
    url: '/api/microservice/free/LegalMind',
    headers: bearer(session),
  });
  const nucleus = await subscribe(
    test,
    session,
    {
      priceId: priceId('Nucleus', 'STARTER', 'MONTH'),
      planCode: 'STARTER',
      paymentId: paymentMethodId,
    },
    'Nucleus',
  );
  expect(nucleus.statusCode, nucleus.body).toBe(200);
  const tokenOf = async (neuron: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/microservice/token/${neuron}`,
        headers: bearer(session),
      })
    ).json<{ token: string }>().token;

  const setupIntent = await test.app.inject({
    method: 'POST',
    url: '/api/payments/intent/card',
    headers: bearer(session),
  });
  const invite = await test.app.inject({
    method: 'POST',
    url: '/api/team/invite',
    headers: bearer(session),
    payload: { email: uniqueEmail('member'), roles: [ROLES.GUEST] },
  });
  expect(invite.statusCode, invite.body).toBe(201);

  const connection = await createFileConnection(test, session);
  const accountId = await addManualAccount(test, session, connection.conId);
  const imported = await importCsv(test, session, {
    accountId,
    csv: statementCsv(businessStatementRows(test.clock.now(), 30)),
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const transactions = await test.app.inject({
    method: 'GET',
    url: '/api/financialviewer/transaction?pageSize=10',
    headers: bearer(session),
  });
  const transactionId = transactions.json<{ items: { txId: string }[] }>().items[0]?.txId;

  const db = test.app.deps.db;
  const [invoice] = await db
    .select({ id: invoices.id, paymentIntentId: invoices.paymentIntentId })
    .from(invoices)
    .where(eq(invoices.teamId, owner.teamId));
  const customPriceOf = async (neuron: string) => {
    const [plan] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.neuronId, neuron), eq(plans.code, 'PRO')));
    const customPrice = await test.app.inject({
      method: 'POST',
      url: '/api/admin/stripe/custom/price',
      headers: bearer(adminSession),
      payload: { productId: plan?.id, price: 1234, interval: 'MONTH', userId: owner.userId },
    });
    expect(customPrice.statusCode, customPrice.body).toBe(201);
    return customPrice.json<{ priceId: string }>().priceId;
  };
  const [importRow] = await db
    .insert(fvImports)
    .values({
      teamId: owner.teamId,
      accountId,
      fileName: 'big.csv',
      sizeBytes: 1,
      status: 'RUNNING',
    })
    .returning({ id: fvImports.id });

  const datasetId = await insertTeamDataset(db, { teamId: owner.teamId });
  const bought = await boughtRows(test, {
    session,
    paymentId: paymentMethodId,
    seedKey: boughtSeedKey,
  });
  const ids = {
    session,
    userId: owner.userId,
    teamId: owner.teamId,
    memberId: invite.json<{ id: string }>().id,
    paymentMethodId,
    setupIntentId: setupIntent.json<{ id: string }>().id,
    paymentIntentId: invoice?.paymentIntentId ?? '',
    invoiceId: invoice?.id ?? '',
    subscriptionId,
    customPriceId: await customPriceOf('FinancialViewer'),
    nucleusCustomPriceId: await customPriceOf('Nucleus'),
    connectionId: connection.conId,
    accountId,
    transactionId: transactionId ?? '',
    importId: importRow?.id ?? '',
    runId: (await finishedRun(test, session)).id,
    datasetId,
    instanceId: (await findDatasetInstances(db, datasetId))[0]?.id ?? '',
    dsiId: await instanceOf(test, datasetId),
    familyId: (await insertTeamFamilyWithDatasets(db, owner.teamId)).familyId,
    purchaseId: bought.purchaseId,
    boughtDatasetId: bought.datasetId,
    legalMindToken: await tokenOf('LegalMind'),
    financialToken: await tokenOf('FinancialViewer'),
    nucleusToken: await tokenOf('Nucleus'),
  };
  for (const [name, value] of Object.entries(ids)) expect(value, name).not.toBe('');
  return ids;
}

describe('every route that takes an id, with another team’s id', () => {
  let test: TestApp;
  let ours: TeamIds;
  let theirs: TeamIds;
  let operations: Operation[];

  beforeAll(async () => {
    test = await buildTestApp();
    await seedDataverse(test.app.deps.db, test.app.deps.storage);
    const admin = { email: 'cross-root@neuron-platform.test', password: 'Admin#Pass97' };
    await ensurePlatformAdmin(test.app.deps.db, admin);
    const login = await test.app.inject({ method: 'POST', url: '/api/login', payload: admin });
    const adminSession = login.json<{ token: string }>().token;
    ours = await populateTeam(test, adminSession, 'adult-income-synthetic');
    theirs = await populateTeam(test, adminSession, 'bank-transactions-synthetic');
    operations = readOperations(test.app.swagger() as never);
  }, 120_000);
  afterAll(() => test.close());

  /**
   * A request valid in every other respect: our ids and token, the required parameters, a
   * real neuron and category, a statement for a form; the id of `owner` (theirs) at `target`.
   */
  function request(
    operation: Operation,
    target: { in: 'parameter' | 'body'; name: string },
    owner: TeamIds,
  ) {
    const foreign = idFor(operation.path, target.name, owner);
    if (foreign === undefined) {
      throw new Error(`${operation.method} ${operation.path}: no id of a team for ${target.name}`);
    }
    const values = new Map<string, string>();
    for (const parameter of operation.parameters) {
      const value =
        parameter.name === 'token'
          ? tokenFor(operation.path, ours)
          : (idFor(operation.path, parameter.name, ours) ?? VALID_VALUES[parameter.name]);
      if (value !== undefined) values.set(parameter.name, asParameter(value));
    }
    if (target.in === 'parameter') values.set(target.name, asParameter(foreign));
    const sent = {
      ...operation,
      parameters: operation.parameters.filter(
        (parameter) => parameter.required === true || values.has(parameter.name),
      ),
    };
    const body = (operation.body ? sample(operation.body) : undefined) as
      Record<string, unknown> | undefined;
    for (const name of Object.keys(operation.body?.properties ?? {})) {
      const value = idFor(operation.path, name, ours) ?? VALID_VALUES[name];
      if (body && value !== undefined) body[name] = value;
    }
    if (target.in === 'body' && body) body[target.name] = foreign;
    return { url: operationUrl(sent, values), ...payload(operation, body) };
  }

  it('reads the routes that take an id', () => {
    const withIds = operations.filter((operation) => idPlaces(operation).length > 0);
    expect(withIds.length).toBeGreaterThan(25);
    expect(withIds.map((operation) => operation.path)).toContain('/api/financialviewer/import');
  });

  it('answers 403 or 404 to another team’s id, and changes nothing', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const place of idPlaces(operation)) {
        const { url, payload: sent, headers } = request(operation, place, theirs);
        const before = await tableDigests(test.app.deps.db, WRITTEN_ON_REFUSAL);
        const response = await test.app.inject({
          method: operation.method as 'GET',
          url,
          headers: { 'x-app-id': 'web', ...bearer(ours.session), ...headers },
          ...(sent === undefined ? {} : { payload: sent }),
        });
        const label = `${operation.method} ${url} (${place.name})`;
        if (!isRefusal(response, place)) {
          failures.push(`${label}: ${String(response.statusCode)} ${response.body.slice(0, 160)}`);
          continue;
        }
        const changed = changedTables(
          before,
          await tableDigests(test.app.deps.db, WRITTEN_ON_REFUSAL),
        );
        if (changed.length > 0) failures.push(`${label}: wrote ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the same reads with the team’s own ids, so the refusals are about the owner', async () => {
    const failures: string[] = [];
    // The platform administrator's routes refuse a team's owner whatever the id.
    const reads = operations.filter(
      (candidate) => candidate.method === 'GET' && !candidate.path.startsWith('/api/admin/'),
    );
    for (const operation of reads) {
      for (const place of idPlaces(operation)) {
        const { url } = request(operation, place, ours);
        const response = await test.app.inject({
          method: 'GET',
          url,
          headers: { 'x-app-id': 'web', ...bearer(ours.session) },
        });
        // 202: a dataset's report is being prepared for the team, as asked.
        if (response.statusCode !== 200 && response.statusCode !== 202) {
          failures.push(
            `GET ${url}: ${String(response.statusCode)} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
