import { createRandom } from '@app/engine-kit';
import {
  fitSynthesizer,
  synthesizerFromModel,
  type AlgorithmName,
  type SynthesizerParameters,
} from '../synthesizers/algorithms.js';
import {
  buildBayesianNetwork,
  fitBayesianNetwork,
  type BayesianNetwork,
} from '../synthesizers/bayesian-network.js';
import {
  ModelError,
  type RowBatch,
  type Synthesizer,
  type SynthesizerModel,
  type SyntheticValue,
} from '../synthesizers/synthesizer.js';
import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { orderTables, type RelationalTable, type Relationship } from './relational-metadata.js';

/** A synthetic table of a relational data set. */
export type SyntheticTable = { name: string; columns: string[]; rows: SyntheticValue[][] };

/** One table of a relational model: what sampling needs of it, with its fitted synthesizer. */
export type RelationalTableModel = {
  name: string;
  /** The table's own columns, in its order. */
  columns: string[];
  /** Real rows: a root table draws `scale` × as many. */
  rowCount: number;
  primaryKey: string | null;
  /** The relationship whose parent the rows are drawn conditionally on. */
  main: Relationship | null;
  /** Other foreign keys: each gets the key of a random synthetic row of its parent. */
  extra: (Relationship & { parentKey: string })[];
  /** Parent columns joined into the model, as named in the parent. */
  parentColumns: string[];
  /** The columns the synthesizer draws: parent columns, own columns but foreign keys, children counts. */
  modelColumns: string[];
  synthesizer: SynthesizerModel;
};

/** A fitted relational data set as plain JSON data, tables in order (every parent before its children). */
export type RelationalModel = { algorithm: 'relational'; tables: RelationalTableModel[] };

export type RelationalSynthesizer = {
  /** Tables with every parent before its children. */
  order: string[];
  /** Root tables get `scale` × their real row count; children follow their parents' counts. */
  sample(options: { seed: number; scale?: number }): SyntheticTable[];
  /** The fitted model as plain data, to store and rebuild with `relationalSynthesizerFromModel`. */
  toModel(): RelationalModel;
};

/** Model columns added to a parent (its number of children) and to a child (its parent's values). */
const COUNT_PREFIX = '__children:';
const PARENT_PREFIX = '__parent:';

type Plan = {
  source: RelationalTable;
  /** The relationship whose parent the rows are drawn conditionally on. */
  main: Relationship | null;
  /** Other foreign keys: each gets the key of a random synthetic row of its parent. */
  extra: (Relationship & { parentKey: string })[];
  /** Parent columns joined into the model, as named in the parent. */
  parentColumns: string[];
  model: { table: Table; schema: TableSchema };
};

function countColumn(relationship: Relationship): string {
  return `${COUNT_PREFIX}${relationship.child}.${relationship.foreignKey}`;
}

function readCells(table: Table, column: string): (string | null)[] {
  const index = table.columns.indexOf(column);
  return table.rows.map((row) => row[index] ?? null);
}

function findSchema(source: RelationalTable, name: string): ColumnSchema {
  return (
    source.schema.columns.find((column) => column.name === name) ?? { name, kind: 'categorical' }
  );
}

/** Columns worth conditioning children on: neither keys, foreign keys, free text nor personal data. */
function findAttributeColumns(source: RelationalTable, relationships: Relationship[]): string[] {
  const foreignKeys = relationships.filter((r) => r.child === source.name).map((r) => r.foreignKey);
  return source.table.columns.filter((name) => {
    const column = findSchema(source, name);
    return (
      name !== source.schema.primaryKey &&
      !foreignKeys.includes(name) &&
      !column.pii &&
      column.isUnique !== true &&
      (column.kind === 'numerical' ||
        column.kind === 'categorical' ||
        column.kind === 'boolean' ||
        column.kind === 'datetime')
    );
  });
}

/** For every row of `source`, the values of `parentColumns` in the parent row its foreign key names. */
function readParentValues(options: {
  source: RelationalTable;
  parent: RelationalTable;
  foreignKey: string;
  parentColumns: string[];
}): (string | null)[][] {
  const { source, parent } = options;
  const keys = readCells(parent.table, parent.schema.primaryKey ?? '');
  const rowOfKey = new Map(keys.map((key, index) => [key, index]));
  const indices = options.parentColumns.map((name) => parent.table.columns.indexOf(name));
  return readCells(source.table, options.foreignKey).map((key) => {
    const row = parent.table.rows[rowOfKey.get(key) ?? -1] ?? [];
    return indices.map((index) => row[index] ?? null);
  });
}

/** For every row of `source` (the parent), how many rows of the child refer to it. */
function countChildren(options: {
  source: RelationalTable;
  relationship: Relationship;
  tables: Map<string, RelationalTable>;
}): string[] {
  const { source, relationship } = options;
  const child = options.tables.get(relationship.child);
  const perKey = new Map<string | null, number>();
  for (const key of child ? readCells(child.table, relationship.foreignKey) : []) {
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }
  return readCells(source.table, source.schema.primaryKey ?? '').map((key) =>
    String(perKey.get(key) ?? 0),
  );
}

/** The table a model is fitted on: parent columns, own columns but foreign keys, children counts. */
function buildPlan(options: {
  source: RelationalTable;
  tables: Map<string, RelationalTable>;
  relationships: Relationship[];
}): Plan {
  const { source, tables, relationships } = options;
  const incoming = relationships.filter((relationship) => relationship.child === source.name);
  const [main = null, ...extra] = incoming;
  const outgoing = relationships.filter((relationship) => relationship.parent === source.name);
  const foreignKeys = incoming.map((relationship) => relationship.foreignKey);
  const own = source.table.columns.filter((name) => !foreignKeys.includes(name));
  const ownIndices = own.map((name) => source.table.columns.indexOf(name));
  const parent = main === null ? null : (tables.get(main.parent) ?? null);
  const parentColumns = parent === null ? [] : findAttributeColumns(parent, relationships);
  const parentRows =
    main === null || parent === null
      ? source.table.rows.map(() => [])
      : readParentValues({ source, parent, foreignKey: main.foreignKey, parentColumns });
  const counts = outgoing.map((relationship) => countChildren({ source, relationship, tables }));
  const columns = [
    ...parentColumns.map((name) => `${PARENT_PREFIX}${name}`),
    ...own,
    ...outgoing.map(countColumn),
  ];
  const schemaColumns: ColumnSchema[] = [
    ...parentColumns.map((name) => ({
      ...(parent ? findSchema(parent, name) : { kind: 'categorical' as const }),
      name: `${PARENT_PREFIX}${name}`,
    })),
    ...own.map((name) => findSchema(source, name)),
    ...outgoing.map((relationship) => ({
      name: countColumn(relationship),
      kind: 'numerical' as const,
      isInteger: true,
    })),
  ];
  const rows = source.table.rows.map((row, index) => [
    ...(parentRows[index] ?? []),
    ...ownIndices.map((column) => row[column] ?? null),
    ...counts.map((column) => column[index] ?? '0'),
  ]);
  return {
    source,
    main,
    extra: extra.map((relationship) => ({
      ...relationship,
      parentKey: tables.get(relationship.parent)?.schema.primaryKey ?? '',
    })),
    parentColumns,
    model: {
      table: { columns, rows },
      schema: { columns: schemaColumns, primaryKey: source.schema.primaryKey },
    },
  };
}

function collect(batches: Iterable<RowBatch>): SyntheticValue[][] {
  const rows: SyntheticValue[][] = [];
  for (const batch of batches) rows.push(...batch.rows);
  return rows;
}

type Fitted = {
  table: RelationalTableModel;
  synthesizer: Synthesizer;
  /** Child tables: rows drawn given their parent's values. */
  network: BayesianNetwork | null;
};

/** Model rows of a table and, for a child table, the synthetic parent key of every row. */
type Drawn = { rows: SyntheticValue[][]; parentKeys: SyntheticValue[] };

/** As many children per synthetic parent as its count column says, each given the parent's values. */
function drawChildren(options: {
  main: Relationship;
  fitted: Map<string, Fitted>;
  drawn: Map<string, Drawn>;
  table: RelationalTableModel;
  network: BayesianNetwork;
  seed: number;
}): Drawn {
  const { main, table } = options;
  const parentTable = options.fitted.get(main.parent)?.table;
  const parentColumns = parentTable?.modelColumns ?? [];
  const countIndex = parentColumns.indexOf(countColumn(main));
  const keyIndex = parentColumns.indexOf(parentTable?.primaryKey ?? '');
  const attributeIndices = table.parentColumns.map((column) => parentColumns.indexOf(column));
  const given: SyntheticValue[][] = [];
  const parentKeys: SyntheticValue[] = [];
  for (const parentRow of options.drawn.get(main.parent)?.rows ?? []) {
    const children = Math.max(0, Math.round(Number(parentRow[countIndex] ?? 0) || 0));
    const values = attributeIndices.map((index) => parentRow[index] ?? null);
    for (let child = 0; child < children; child++) {
      given.push(values);
      parentKeys.push(parentRow[keyIndex] ?? null);
    }
  }
  return { rows: collect(options.network.sampleGiven({ given, seed: options.seed })), parentKeys };
}

/** The table's own columns in its real order: model values, the parent's key, random keys of other parents. */
function toOutput(options: {
  table: RelationalTableModel;
  drawn: Drawn;
  outputs: Map<string, SyntheticTable>;
  seed: number;
}): SyntheticTable {
  const { table, drawn, outputs } = options;
  const random = createRandom(options.seed ^ 0x9e3779b9);
  const otherKeys = new Map(
    table.extra.map((relationship) => {
      const parent = outputs.get(relationship.parent);
      const key = parent?.columns.indexOf(relationship.parentKey) ?? -1;
      return [relationship.foreignKey, (parent?.rows ?? []).map((row) => row[key] ?? null)];
    }),
  );
  const { columns, modelColumns } = table;
  return {
    name: table.name,
    columns,
    rows: drawn.rows.map((row, rowIndex) =>
      columns.map((column) => {
        if (table.main?.foreignKey === column) return drawn.parentKeys[rowIndex] ?? null;
        const keys = otherKeys.get(column);
        if (keys) return keys[Math.floor(random.uniform() * keys.length)] ?? null;
        return row[modelColumns.indexOf(column)] ?? null;
      }),
    ),
  };
}

/**
 * Fits a relational data set: each parent table learns, beside its own columns, how many children
 * each row has; each child table is a Bayesian network conditioned on its parent's columns. Root
 * tables use `algorithm`. Sampling draws parents first, then for every synthetic parent as many
 * children as it was given, conditioned on it, so every foreign key points to a synthetic parent.
 */
export function fitRelationalSynthesizer(options: {
  tables: RelationalTable[];
  relationships: Relationship[];
  algorithm: AlgorithmName;
  parameters?: SynthesizerParameters;
}): RelationalSynthesizer {
  const { relationships, algorithm, parameters } = options;
  const tables = new Map(options.tables.map((table) => [table.name, table]));
  const models: RelationalTableModel[] = [];
  for (const name of orderTables(options)) {
    const source = tables.get(name);
    if (!source) continue;
    const plan = buildPlan({ source, tables, relationships });
    const synthesizer =
      plan.main === null
        ? fitSynthesizer({ algorithm, ...plan.model, parameters })
        : fitBayesianNetwork({
            ...plan.model,
            parameters,
            given: plan.parentColumns.map((column) => `${PARENT_PREFIX}${column}`),
          });
    models.push({
      name,
      columns: source.table.columns,
      rowCount: source.table.rows.length,
      primaryKey: source.schema.primaryKey,
      main: plan.main,
      extra: plan.extra,
      parentColumns: plan.parentColumns,
      modelColumns: plan.model.table.columns,
      synthesizer: synthesizer.toModel(),
    });
  }
  return relationalSynthesizerFromModel({ algorithm: 'relational', tables: models });
}

/**
 * The relational synthesizer a stored model describes, ready to sample without fitting. A model
 * whose tables do not hang together (a parent after its child, a child not drawn by a Bayesian
 * network) is a `ModelError`.
 */
export function relationalSynthesizerFromModel(model: RelationalModel): RelationalSynthesizer {
  const fitted = new Map<string, Fitted>();
  for (const table of model.tables) {
    if (fitted.has(table.name)) throw new ModelError('modelDuplicateTable', { name: table.name });
    const { main } = table;
    if (main === null) {
      fitted.set(table.name, {
        table,
        synthesizer: synthesizerFromModel(table.synthesizer),
        network: null,
      });
      continue;
    }
    if (!fitted.has(main.parent) || table.synthesizer.algorithm !== 'bayesian-network') {
      throw new ModelError('modelChildWithoutParent', { name: table.name });
    }
    const network = buildBayesianNetwork(table.synthesizer);
    fitted.set(table.name, { table, synthesizer: network, network });
  }
  const order = model.tables.map((table) => table.name);
  return {
    order,
    toModel: () => model,
    sample({ seed, scale = 1 }) {
      const drawn = new Map<string, Drawn>();
      const outputs = new Map<string, SyntheticTable>();
      order.forEach((name, position) => {
        const entry = fitted.get(name);
        if (!entry) return;
        const { table, network } = entry;
        const tableSeed = (seed + position * 7919) >>> 0;
        const rows = Math.round(table.rowCount * scale);
        const result =
          table.main === null || network === null
            ? { rows: collect(entry.synthesizer.sample({ rows, seed: tableSeed })), parentKeys: [] }
            : drawChildren({ main: table.main, fitted, drawn, table, network, seed: tableSeed });
        drawn.set(name, result);
        outputs.set(name, toOutput({ table, drawn: result, outputs, seed: tableSeed }));
      });
      return order.map((name) => outputs.get(name)).filter((table) => table !== undefined);
    },
  };
}
