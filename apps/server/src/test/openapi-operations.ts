import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * The API's operations read from its own OpenAPI document, with valid sample values for
 * their parameters and bodies: the route-wide tests (hostile values, other teams' ids) cover
 * a new route without a test of its own.
 */

export type JsonSchema = {
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

export type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  isMultipart: boolean;
};

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

/** A value the schema accepts: its first choice, the required fields only, the minimum. */
export function sample(schema: JsonSchema | undefined): unknown {
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

export function readOperations(document: {
  paths?: Record<string, Record<string, unknown>>;
}): Operation[] {
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
        body: (content['application/json'] ?? content['multipart/form-data'])?.schema,
        isMultipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
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
export function asParameter(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.map(String).join(',');
  }
  return JSON.stringify(value);
}

/**
 * The operation's address with a sample value for each parameter, except those given in
 * `values` (already as parameter text).
 */
export function operationUrl(operation: Operation, values: Map<string, string>): string {
  let url = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const raw = values.get(parameter.name) ?? asParameter(sample(parameter.schema));
    const value = encode(raw);
    if (parameter.in === 'path') {
      url = url.replace(parameter.name === '*' ? '{*}' : `{${parameter.name}}`, value);
    } else query.push(`${encodeURIComponent(parameter.name)}=${value}`);
  }
  return query.length > 0 ? `${url}?${query.join('&')}` : url;
}

/** A digest of every table's rows (but those left out), to see whether a request wrote. */
export async function tableDigests(
  db: Executor,
  leftOut: ReadonlySet<string>,
): Promise<Record<string, string>> {
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as { rows: { tablename: string }[] }
  ).rows
    .map((row) => row.tablename)
    .filter((name) => !leftOut.has(name));
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${name}" t`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as {
    rows: { name: string; digest: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

/** The names of the tables whose digests differ. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  return Object.keys(after).filter((name) => after[name] !== before[name]);
}
