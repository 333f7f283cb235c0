import { describe, expect, it } from 'vitest';
import { fitRelationalSynthesizer, relationalSynthesizerFromModel } from '../relational/index.js';
import {
  fitSynthesizer,
  synthesizerFromModel,
  type AlgorithmName,
} from '../synthesizers/algorithms.js';
import {
  ModelError,
  type Synthesizer,
  type SynthesizerModel,
} from '../synthesizers/synthesizer.js';
import { buildMixedTable } from '../testing/mixed-table.js';
import { buildShop } from '../testing/shop-tables.js';
import { parseModel, serializeModel } from './model-file.js';

const { table, schema } = buildMixedTable(600);

function sampleAll(synthesizer: Synthesizer, seed: number) {
  return [...synthesizer.sample({ rows: 700, seed, batchSize: 256 })];
}

/** A model file written with a valid checksum around whatever `model` is. */
function withChecksum(model: unknown): string {
  return serializeModel(model as SynthesizerModel);
}

describe('stored models', () => {
  it.each<AlgorithmName>(['gaussian-copula', 'bayesian-network', 'independent-marginals'])(
    'a %s read back from its file draws the same rows for the same seed',
    (algorithm) => {
      const fitted = fitSynthesizer({ algorithm, table, schema, parameters: { seed: 3 } });
      const text = serializeModel(fitted.toModel());
      const model = parseModel(text);
      if (model.algorithm === 'relational') throw new Error('a table model was expected');
      const restored = synthesizerFromModel(model);
      expect(restored.columnModels).toEqual(fitted.columnModels);
      expect(sampleAll(restored, 11)).toEqual(sampleAll(fitted, 11));
      expect(sampleAll(restored, 12)).not.toEqual(sampleAll(fitted, 11));
    },
  );

  it('keeps no real e-mail or phone number, only their shapes', () => {
    const fitted = fitSynthesizer({ algorithm: 'bayesian-network', table, schema });
    const text = serializeModel(fitted.toModel());
    const emails = table.rows.map((row) => row[table.columns.indexOf('email')]);
    const phones = table.rows.map((row) => row[table.columns.indexOf('phone')]);
    for (const value of [...emails, ...phones]) expect(text).not.toContain(`"${value ?? ''}"`);
  });

  it('a relational model read back draws the same tables, every key on a synthetic parent', () => {
    const shop = buildShop();
    const fitted = fitRelationalSynthesizer({ ...shop, algorithm: 'bayesian-network' });
    const model = parseModel(serializeModel(fitted.toModel()));
    if (model.algorithm !== 'relational') throw new Error('a relational model was expected');
    const restored = relationalSynthesizerFromModel(model);
    const tables = restored.sample({ seed: 5 });
    expect(tables).toEqual(fitted.sample({ seed: 5 }));
    const customers = tables.find((entry) => entry.name === 'customers');
    const orders = tables.find((entry) => entry.name === 'orders');
    const keys = new Set(customers?.rows.map((row) => row[0]));
    const foreignKey = orders?.columns.indexOf('customer_id') ?? -1;
    expect(orders?.rows.every((row) => keys.has(row[foreignKey] ?? null))).toBe(true);
  });

  it('refuses an edited model by its checksum', () => {
    const text = serializeModel(
      fitSynthesizer({ algorithm: 'gaussian-copula', table, schema }).toModel(),
    );
    const edited = text.replace('"colour"', '"color"');
    expect(edited).not.toBe(text);
    expect(() => parseModel(edited)).toThrow(/checksum/);
    expect(() => parseModel(text.slice(0, text.length / 2))).toThrow(/not JSON/);
  });

  it('refuses a file that is not a model, or of another version', () => {
    expect(() => parseModel('{"rows":[]}')).toThrow(/not a synthesizer model/);
    expect(() => parseModel('[1,2]')).toThrow(ModelError);
    const text = serializeModel(
      fitSynthesizer({ algorithm: 'independent-marginals', table, schema }).toModel(),
    );
    expect(() => parseModel(text.replace('"version":1', '"version":2'))).toThrow(/version 2/);
  });

  it('refuses a model of the wrong shape even with a valid checksum, naming where', () => {
    expect(() => parseModel(withChecksum({ algorithm: 'forest', trees: [] }))).toThrow(ModelError);
    const model = fitSynthesizer({ algorithm: 'gaussian-copula', table, schema }).toModel();
    expect(() => parseModel(withChecksum({ ...model, columns: [{ type: 'numerical' }] }))).toThrow(
      /malformed at columns\.0/,
    );
  });

  it('refuses a consistent-looking model whose parts do not fit together', () => {
    const network = fitSynthesizer({ algorithm: 'bayesian-network', table, schema }).toModel();
    if (network.algorithm !== 'bayesian-network') throw new Error('a network was expected');
    const [first, ...rest] = network.nodes;
    const truncated = { ...network, nodes: [{ ...first, cumulative: [0.5] }, ...rest] };
    const parsed = parseModel(withChecksum(truncated));
    if (parsed.algorithm === 'relational') throw new Error('a table model was expected');
    expect(() => synthesizerFromModel(parsed)).toThrow(/does not fit its columns/);
    const copula = fitSynthesizer({ algorithm: 'gaussian-copula', table, schema }).toModel();
    const cut = parseModel(withChecksum({ ...copula, lower: [1] }));
    if (cut.algorithm === 'relational') throw new Error('a table model was expected');
    expect(() => synthesizerFromModel(cut)).toThrow(ModelError);
  });
});
