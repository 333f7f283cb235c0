import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../modules/admin/service.js';
import { bearer, buildTestApp, signUpConfirmed, type TestApp } from '../test/test-app.js';

/**
 * Every route of the API, read from its own OpenAPI document (so a new route is covered
 * without a test of its own), called with a request that is valid but for one hostile value:
 * never a 5xx, and a refused request (4xx) changes nothing in the database.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  isMultipart: boolean;
};

/**
 * Tables a refused request writes by design: the meter logs refused neuron calls, and wrong
 * passwords are counted to pause guessing.
 */
const WRITTEN_ON_REFUSAL = new Set(['api_calls', 'password_failures']);

/** Requests per route: enough to meet each hostile kind in a few runs of CI. */
const RUNS_PER_ROUTE = 8;

const ADMIN = { email: 'sweep-root@neuron-platform.test', password: 'Admin#Pass97' };

/** Values that pass most string patterns of the contracts. */
const PATTERN_CANDIDATES = [
  'sweep.user@acme-alpha.es',
  'Sweep#Pass97',
  'Ana',
  'ES9121000418450200051332',
  '4242424242424242',
  '2026-01-01',
  '12/30',
  '123',
  'EUR',
  'ES',
  'x',
];

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

function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sample(choice);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items));
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'sweep.user@acme-alpha.es';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? 'x';
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function readOperations(document: { paths?: Record<string, Record<string, unknown>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header'),
        body: content['application/json']?.schema,
        isMultipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

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

const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/** Percent-encodes as a client would send it, a lone surrogate as its three raw bytes. */
function encode(value: string): string {
  return value
    .split(LONE_SURROGATE)
    .map((part) => {
      if (!LONE_SURROGATE.test(part)) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** A parameter's text: a list as comma-separated items, as the list parameters take them. */
function asParameter(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.map(String).join(',');
  }
  return JSON.stringify(value);
}

function buildRequest(operation: Operation, target: Target, hostile: unknown) {
  const values = new Map(
    operation.parameters.map((parameter) => [
      parameter.name,
      asParameter(sample(parameter.schema)),
    ]),
  );
  let body = operation.body ? sample(operation.body) : undefined;
  if (target.in === 'body') body = withValue(body, target.path, hostile);
  else values.set(target.name, asParameter(hostile));
  let url = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const raw = values.get(parameter.name);
    if (raw === undefined) continue;
    const value = encode(raw);
    if (parameter.in === 'path') {
      url = url.replace(parameter.name === '*' ? '{*}' : `{${parameter.name}}`, value);
    } else query.push(`${encodeURIComponent(parameter.name)}=${value}`);
  }
  return { url: query.length > 0 ? `${url}?${query.join('&')}` : url, body };
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

  async function fingerprint(): Promise<Record<string, string>> {
    const tables = (
      (await test.app.deps.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as { rows: { tablename: string }[] }
    ).rows
      .map((row) => row.tablename)
      .filter((name) => !WRITTEN_ON_REFUSAL.has(name));
    const parts = tables.map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${name}" t`,
    );
    const result = (await test.app.deps.db.execute(sql.raw(parts.join(' union all ')))) as {
      rows: { name: string; digest: string }[];
    };
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  }

  beforeAll(async () => {
    test = await buildTestApp();
    operations = readOperations(test.app.swagger() as never);
    await ensurePlatformAdmin(test.app.deps.db, ADMIN);
    const login = await test.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    adminSession = login.json<{ token: string }>().token;
  });
  afterAll(() => test.close());

  it('reads the route table', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.some((operation) => operation.path === '/v1/{mode}/english')).toBe(true);
  });

  it('never answers 5xx, and a refused request changes nothing', async () => {
    const owner = await signUpConfirmed(test);
    const sessions: Record<string, Record<string, string>> = {
      owner: bearer(owner.token),
      admin: bearer(adminSession),
      none: {},
    };
    const clientHeaders = { 'x-app-id': 'web' };
    const failures: string[] = [];
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.constantFrom(...HOSTILE),
          fc.constantFrom('owner', 'admin', 'none'),
          async (targetIndex, hostile, who) => {
            const options = targets(operation);
            const target = options[targetIndex % Math.max(1, options.length)] ?? {
              in: 'body' as const,
              path: [],
            };
            const request = buildRequest(operation, target, hostile);
            const before = await fingerprint();
            const response = await test.app.inject({
              method: operation.method as 'GET',
              url: request.url,
              headers: { ...clientHeaders, ...sessions[who] },
              ...(request.body === undefined ? {} : { payload: request.body as object }),
            });
            const label = `${operation.method} ${request.url.slice(0, 200)} as ${who} with ${JSON.stringify(hostile).slice(0, 40)} at ${JSON.stringify(target)}`;
            if (response.statusCode >= 500) {
              failures.push(
                `${label}: ${String(response.statusCode)} ${response.body.slice(0, 200)}`,
              );
            } else if (response.statusCode >= 400) {
              const after = await fingerprint();
              const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
              if (changed.length > 0) {
                failures.push(
                  `${label}: ${String(response.statusCode)} but wrote ${changed.join(', ')}`,
                );
              }
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
      if (operation.isMultipart) {
        const response = await test.app.inject({
          method: operation.method as 'POST',
          url: buildRequest(operation, { in: 'body', path: [] }, undefined).url,
          headers: { ...sessions.owner, ...MALFORMED_MULTIPART },
          payload: MALFORMED_MULTIPART_BODY,
        });
        if (response.statusCode >= 500) {
          failures.push(
            `${operation.method} ${operation.path} malformed multipart: ${String(response.statusCode)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
