import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../modules/admin/service.js';
import { seedDataverse } from '../modules/dataverse/seed.js';
import { teamWithStatement } from '../modules/financial-viewer/financial-viewer-fixtures.js';
import {
  asParameter,
  changedTables,
  operationUrl,
  readOperations,
  sample,
  tableDigests,
  type JsonSchema,
  type Operation,
} from '../test/openapi-operations.js';
import { bearer, buildTestApp, signUpConfirmed, type TestApp } from '../test/test-app.js';

/**
 * Every route of the API, read from its own OpenAPI document (so a new route is covered
 * without a test of its own), called with a request that is valid but for one hostile value:
 * never a 5xx, and a refused request (4xx) changes nothing in the database.
 */

/**
 * Tables a refused request writes by design: the meter logs refused neuron calls, and wrong
 * passwords are counted to pause guessing.
 */
const WRITTEN_ON_REFUSAL = new Set(['api_calls', 'password_failures']);

/** Requests per route: enough to meet each hostile kind in a few runs of CI. */
const RUNS_PER_ROUTE = 8;

const ADMIN = { email: 'sweep-root@neuron-platform.test', password: 'Admin#Pass97' };

const HOSTILE: unknown[] = [
  'a\u0000b',
  'tail\ud800',
  '\udc00head',
  '',
  ' ',
  'x'.repeat(100_000),
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil")',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_992,
  1e308,
  -1,
  0,
  12.5,
  Number.MIN_VALUE,
  true,
  null,
  [],
  ['a', 1],
  {},
  { $gt: '' },
  { __proto__: { isAdmin: true } },
];

/** Where a hostile value goes: a path or query parameter, or a field of the body. */
type Target = { in: 'path' | 'query'; name: string } | { in: 'body'; path: string[] };

function targets(operation: Operation): Target[] {
  const found: Target[] = operation.parameters.map((parameter) => ({
    in: parameter.in as 'path' | 'query',
    name: parameter.name,
  }));
  const walk = (schema: JsonSchema, path: string[]) => {
    found.push({ in: 'body', path });
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      walk(property, [...path, key]);
    }
  };
  if (operation.body) walk(operation.body, []);
  return found;
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key = '', ...rest] = path;
  const object = (body ?? {}) as Record<string, unknown>;
  return { ...object, [key]: withValue(object[key], rest, value) };
}

function buildRequest(
  operation: Operation,
  target: Target,
  hostile: unknown,
  known: { values: Map<string, string>; body?: Record<string, unknown> } = { values: new Map() },
) {
  const values = new Map(known.values);
  let body = operation.body ? sample(operation.body) : undefined;
  if (known.body && body && typeof body === 'object' && !Array.isArray(body)) {
    body = { ...body, ...known.body };
  }
  if (target.in === 'body') body = withValue(body, target.path, hostile);
  else values.set(target.name, asParameter(hostile));
  return { url: operationUrl(operation, values), body };
}

/** The Financial Viewer's routes, web and token API: swept again as a subscribed team. */
const FINANCIAL_VIEWER_PATH = /^\/(api\/financialviewer|v1\/financial)\//;

type SubscriberIds = {
  teamId: string;
  token: string;
  connectionId: string;
  accountId: string;
  transactionId: string;
  importId: string;
};

/**
 * The subscriber's own ids in every place of a Financial Viewer call but the hostile one, so
 * the hostile value gets past the subscription, the token and the ids to the handler.
 */
function subscriberValues(operation: Operation, ids: SubscriberIds) {
  const pathIds: [RegExp, string][] = [
    [/\/connection\/\{id\}/, ids.connectionId],
    [/\/account\/\{id\}/, ids.accountId],
    [/\/transaction\/\{id\}/, ids.transactionId],
    [/\/import\/\{id\}/, ids.importId],
  ];
  const byName: Record<string, string> = {
    token: ids.token,
    team_id: ids.teamId,
    conn_id: ids.connectionId,
    account_id: ids.accountId,
    accountIds: ids.accountId,
  };
  const values = new Map<string, string>();
  for (const parameter of operation.parameters) {
    const value =
      parameter.name === 'id'
        ? pathIds.find(([pattern]) => pattern.test(operation.path))?.[1]
        : byName[parameter.name];
    if (value !== undefined) values.set(parameter.name, value);
  }
  const body = operation.body?.properties?.account_ids
    ? { account_ids: [ids.accountId] }
    : undefined;
  return { values, ...(body ? { body } : {}) };
}

const MALFORMED_MULTIPART = {
  'content-type': 'multipart/form-data; boundary=sweep',
};
const MALFORMED_MULTIPART_BODY =
  '--sweep\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG garbage without an end';

describe('every route, with one hostile value', () => {
  let test: TestApp;
  let operations: Operation[];
  let adminSession: string;

  const fingerprint = () => tableDigests(test.app.deps.db, WRITTEN_ON_REFUSAL);

  beforeAll(async () => {
    test = await buildTestApp();
    await seedDataverse(test.app.deps.db, test.app.deps.storage);
    operations = readOperations(test.app.swagger() as never);
    await ensurePlatformAdmin(test.app.deps.db, ADMIN);
    const login = await test.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    adminSession = login.json<{ token: string }>().token;
  });
  afterAll(() => test.close());

  it('reads the route table', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.some((operation) => operation.path === '/v1/{mode}/english')).toBe(true);
    // Upload routes describe their form, so the malformed-multipart case reaches them.
    expect(
      operations.filter((operation) => operation.isMultipart).map((operation) => operation.path),
    ).toEqual(
      expect.arrayContaining([
        '/api/user/profile/photo',
        '/api/financialviewer/import',
        '/v1/financial/addconexionfile',
      ]),
    );
  });

  it('never answers 5xx, and a refused request changes nothing', async () => {
    const owner = await signUpConfirmed(test);
    const subscriber = await teamWithStatement(test);
    const subscriberIds: SubscriberIds = {
      teamId: subscriber.teamId,
      token: (
        await test.app.inject({
          method: 'GET',
          url: '/api/microservice/token/FinancialViewer',
          headers: bearer(subscriber.session),
        })
      ).json<{ token: string }>().token,
      connectionId: subscriber.connection.conId,
      accountId: subscriber.accountId,
      transactionId:
        (
          await test.app.inject({
            method: 'GET',
            url: '/api/financialviewer/transaction?pageSize=1',
            headers: bearer(subscriber.session),
          })
        ).json<{ items: { txId: string }[] }>().items[0]?.txId ?? '',
      importId: subscriber.result.importId,
    };
    const sessions: Record<string, Record<string, string>> = {
      owner: bearer(owner.token),
      admin: bearer(adminSession),
      subscriber: bearer(subscriber.session),
      none: {},
    };
    const clientHeaders = { 'x-app-id': 'web' };
    const subscriberAnswers: number[] = [];
    const failures: string[] = [];
    for (const operation of operations) {
      // A subscriber's calls reach the Financial Viewer's handlers, the others' stop at 402:
      // its routes get twice the runs, three in four of them the subscriber's.
      const isFinancialViewer = FINANCIAL_VIEWER_PATH.test(operation.path);
      const callers = isFinancialViewer
        ? [...Array<string>(6).fill('subscriber'), 'owner', 'none']
        : ['owner', 'admin', 'none'];
      const runs = isFinancialViewer ? (RUNS_PER_ROUTE * 3) / 2 : RUNS_PER_ROUTE;
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.constantFrom(...HOSTILE),
          fc.constantFrom(...callers),
          async (targetIndex, hostile, who) => {
            const options = targets(operation);
            const target = options[targetIndex % Math.max(1, options.length)] ?? {
              in: 'body' as const,
              path: [],
            };
            const known =
              who === 'subscriber' ? subscriberValues(operation, subscriberIds) : undefined;
            const request = buildRequest(operation, target, hostile, known);
            const before = await fingerprint();
            const response = await test.app.inject({
              method: operation.method as 'GET',
              url: request.url,
              headers: { ...clientHeaders, ...sessions[who] },
              ...(request.body === undefined ? {} : { payload: request.body as object }),
            });
            if (who === 'subscriber') subscriberAnswers.push(response.statusCode);
            const label = `${operation.method} ${request.url.slice(0, 200)} as ${who} with ${JSON.stringify(hostile).slice(0, 40)} at ${JSON.stringify(target)}`;
            if (response.statusCode >= 500) {
              failures.push(
                `${label}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`,
              );
            } else if (response.statusCode >= 400) {
              const changed = changedTables(before, await fingerprint());
              if (changed.length > 0) {
                failures.push(
                  `${label}: ${String(response.statusCode)} but wrote ${changed.join(', ')}`,
                );
              }
            }
          },
        ),
        { numRuns: runs },
      );
      if (operation.isMultipart) {
        const callersOfForm = isFinancialViewer ? ['owner', 'subscriber'] : ['owner'];
        for (const who of callersOfForm) {
          const known =
            who === 'subscriber' ? subscriberValues(operation, subscriberIds) : undefined;
          const response = await test.app.inject({
            method: operation.method as 'POST',
            url: buildRequest(operation, { in: 'body', path: [] }, undefined, known).url,
            headers: { ...sessions[who], ...MALFORMED_MULTIPART },
            payload: MALFORMED_MULTIPART_BODY,
          });
          if (response.statusCode >= 500) {
            failures.push(
              `${operation.method} ${operation.path} malformed multipart as ${who}: ${String(response.statusCode)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The subscriber's hostile values met the handlers: never the 402 of no subscription, and
    // some requests went through.
    expect(subscriberAnswers).not.toContain(402);
    expect(subscriberAnswers.filter((status) => status < 300).length).toBeGreaterThan(5);
  }, 600_000);
});
