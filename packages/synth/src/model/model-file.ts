import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RelationalModel } from '../relational/synthesize-relational.js';
import { ModelError, type SynthesizerModel } from '../synthesizers/synthesizer.js';
import { PII_KINDS } from '../table.js';

/** What a model file holds: one table's synthesizer or a relational data set's. */
export type StoredModel = SynthesizerModel | RelationalModel;

export const MODEL_FORMAT = 'synth-model';
/** Raised whenever the shape of a stored model changes; older versions are refused by name. */
export const MODEL_VERSION = 1;

const name = z.string();
const count = z.number().int().min(0);
const probability = z.number().min(0).max(1);
const value = z.union([z.string(), z.number(), z.null()]);

const ZMarginal = z.discriminatedUnion('name', [
  z.object({ name: z.literal('empirical'), sorted: z.array(z.number()).min(1) }),
  z.object({
    name: z.literal('uniform'),
    min: z.number(),
    max: z.number(),
    ksDistance: z.number(),
  }),
  z.object({
    name: z.enum(['normal', 'truncated-normal']),
    mean: z.number(),
    sd: z.number().positive(),
    min: z.number(),
    max: z.number(),
    ksDistance: z.number(),
  }),
  z.object({
    name: z.literal('beta'),
    a: z.number().positive(),
    b: z.number().positive(),
    min: z.number(),
    max: z.number(),
    ksDistance: z.number(),
  }),
]);

const ZGeneratedColumn = z.discriminatedUnion('type', [
  z.object({ type: z.literal('integer-key'), name, start: z.number() }),
  z.object({ type: z.literal('text-key'), name, prefix: z.string() }),
  z
    .object({
      type: z.literal('personal-data'),
      name,
      pii: z.enum(PII_KINDS).nullable(),
      missingRate: probability,
      shapes: z.array(z.string()),
      counts: z.array(count),
      realHashes: z.array(count),
    })
    .refine((spec) => spec.shapes.length === spec.counts.length, 'shapes and counts differ'),
]);

const ZColumn = z.discriminatedUnion('type', [
  ZGeneratedColumn,
  z.object({
    type: z.literal('numerical'),
    name,
    missingRate: probability,
    marginal: ZMarginal,
    output: z.enum(['date', 'datetime', 'integer', 'decimal']),
    scale: z.number().positive(),
  }),
  z.object({ type: z.literal('all-missing'), name }),
  z
    .object({
      type: z.literal('categorical'),
      name,
      categories: z.array(z.string().nullable()).min(1),
      upper: z.array(probability),
      describe: z.string(),
    })
    .refine((spec) => spec.categories.length === spec.upper.length, 'categories and upper differ'),
]);

const ZDiscreteColumn = z
  .object({
    name,
    describe: z.string(),
    encoding: z.discriminatedUnion('type', [
      z.object({ type: z.literal('bins'), cuts: z.array(z.number()), isDatetime: z.boolean() }),
      z.object({ type: z.literal('categories'), kept: z.array(z.string().nullable()) }),
    ]),
    rawStates: z.array(count).min(1),
    pools: z.array(
      z
        .object({ values: z.array(value).min(1), counts: z.array(count.min(1)) })
        .refine((pool) => pool.values.length === pool.counts.length, 'values and counts differ'),
    ),
  })
  .refine((spec) => spec.rawStates.length === spec.pools.length, 'states and pools differ');

const ZSynthesizerModel = z.discriminatedUnion('algorithm', [
  z.object({
    algorithm: z.literal('gaussian-copula'),
    columns: z.array(ZColumn),
    correlation: z.array(z.number()),
    lower: z.array(z.number()),
  }),
  z.object({
    algorithm: z.literal('bayesian-network'),
    columns: z.array(
      z.discriminatedUnion('type', [
        ZGeneratedColumn,
        z.object({ type: z.literal('drawn'), discrete: ZDiscreteColumn }),
      ]),
    ),
    nodes: z.array(
      z.object({ column: count, parents: z.array(count), cumulative: z.array(z.number()) }),
    ),
    given: z.array(count),
  }),
  z.object({ algorithm: z.literal('independent-marginals'), columns: z.array(ZColumn) }),
]);

const ZRelationship = z.object({ parent: name, child: name, foreignKey: name });

const ZRelationalModel = z.object({
  algorithm: z.literal('relational'),
  tables: z.array(
    z.object({
      name,
      columns: z.array(name),
      rowCount: count,
      primaryKey: name.nullable(),
      main: ZRelationship.nullable(),
      extra: z.array(ZRelationship.extend({ parentKey: name })),
      parentColumns: z.array(name),
      modelColumns: z.array(name),
      synthesizer: ZSynthesizerModel,
    }),
  ),
});

const ZStoredModel = z.discriminatedUnion('algorithm', [ZSynthesizerModel, ZRelationalModel]);

const ZEnvelope = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  model: z.unknown(),
});

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A model as the text of a model file: JSON with its format, version and the SHA-256 of the model. */
export function serializeModel(model: StoredModel): string {
  const body = JSON.stringify(model);
  return `{"format":"${MODEL_FORMAT}","version":${String(MODEL_VERSION)},"sha256":"${digest(body)}","model":${body}}`;
}

/**
 * Reads the text of a model file: refuses (with a `ModelError`) what is not a model file,
 * another version, a model whose checksum does not match (corrupted or edited), or one whose
 * shape is not a model's. Consistency between its parts is checked when it is rebuilt.
 */
export function parseModel(text: string): StoredModel {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ModelError('modelNotJson');
  }
  const envelope = ZEnvelope.safeParse(parsed);
  if (!envelope.success) throw new ModelError('notAModel');
  const { version, sha256, model } = envelope.data;
  if (version !== MODEL_VERSION) {
    throw new ModelError('modelVersion', { version, supported: MODEL_VERSION });
  }
  if (digest(JSON.stringify(model)) !== sha256) {
    throw new ModelError('modelChecksum');
  }
  const checked = ZStoredModel.safeParse(model);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new ModelError('modelMalformed', { where, detail: issue?.message ?? '' });
  }
  return checked.data;
}
