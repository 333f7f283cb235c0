import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  SINTEZA_HOLDOUT,
  type SINTEZA_HOLDOUT_GAPS,
  type TColumnChoice,
  type TReportEvaluation,
} from '@app/contracts/nucleus';
import { createRandom, sampleIndices } from '@app/engine-kit';
import { toDatasetProfile, type DatasetProfile } from '../../platform/data-profile.js';
import {
  createTablePacker,
  packTable,
  unpackTable,
  type PackedTable,
  type TablePacker,
} from './packed-table.js';
import {
  buildQualityReport,
  convertCsvStream,
  detectDatetimeFormat,
  fitRelationalSynthesizer,
  fitSynthesizer,
  EngineError,
  measureMlEfficacy,
  ModelError,
  parseParameters,
  profileTable,
  parseModel,
  readTableBytes,
  relationalSynthesizerFromModel,
  serializeModel,
  synthesizerFromModel,
  TableError,
  writeRows,
  type AlgorithmName,
  type ColumnSchema,
  type EngineFailureCode,
  type EngineFailureParams,
  type InputFormat,
  type OutputFormat,
  type QualityReport,
  type RowBatch,
  type RelationalTable,
  type Relationship,
  type SyntheticTable,
  type Table,
  type TableSchema,
} from '@app/synth';

/**
 * The synthesis engine's work for Nucleus runs, run in the CPU pool's worker threads (see
 * platform/cpu/tasks.ts): plain data in and out, the engine's known errors answered as data.
 */

/** A refusal: the engine's code and values (for a translated text) and its English sentence. */
export type EngineFailure = {
  code: EngineFailureCode;
  params: EngineFailureParams;
  message: string;
};
export type EngineOutcome<T> = { ok: true; value: T } | ({ ok: false } & EngineFailure);

/** The engine's errors of bad input (a table, a parameter, an output it cannot write) as data. */
async function asAsyncOutcome<T>(work: () => Promise<T>): Promise<EngineOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof EngineError) {
      return { ok: false, code: error.code, params: error.params, message: error.message };
    }
    throw error;
  }
}

/**
 * An uploaded table, read in this thread from the file the job copied out of storage: the
 * engine fits on the whole table, so it is held whole here (an upload is at most 50 MB), never
 * passed between threads.
 */
export type UploadFile = { file: string; format: InputFormat };

async function readTable({ file, format }: UploadFile): Promise<Table> {
  const table = await readTableBytes({ bytes: await readFile(file), format });
  if (table.rows.length === 0) throw new TableError('noDataRows');
  return table;
}

/** A confirmed upload read and profiled: its columns, types, missing and distinct counts. */
export function profileDataset(input: UploadFile): Promise<EngineOutcome<DatasetProfile>> {
  return asAsyncOutcome(async () => toDatasetProfile(profileTable(await readTable(input))));
}

/** The column as the user chose: its type overridden, or its values replaced by new ones. */
function applyChoice(column: ColumnSchema, choice: TColumnChoice | undefined, table: Table) {
  if (!choice) return column;
  if (choice.action === 'replace') {
    return column.pii ? column : { ...column, kind: 'id' as const, isUnique: true };
  }
  if (!choice.type || choice.type === column.kind) return column;
  const changed: ColumnSchema = { name: column.name, kind: choice.type, pii: column.pii ?? null };
  if (choice.type === 'datetime') {
    const index = table.columns.indexOf(column.name);
    const values = table.rows.map((row) => row[index]).filter((cell) => cell != null);
    const format = detectDatetimeFormat(values);
    if (!format) throw new TableError('notDates', { column: column.name });
    changed.datetimeFormat = format;
  }
  if (choice.type === 'numerical') {
    const index = table.columns.indexOf(column.name);
    changed.isInteger = table.rows.every((row) => row[index] == null || /^-?\d+$/.test(row[index]));
  }
  return changed;
}

/**
 * The training table and its schema: dropped columns left out, the user's choices applied. The
 * key is the one given (null: none), or the profile's when left out (and kept).
 */
function prepareTraining(table: Table, choices: TColumnChoice[], key?: string | null) {
  const profile = profileTable(table);
  const byName = new Map(choices.map((choice) => [choice.name, choice]));
  for (const name of byName.keys()) {
    if (!table.columns.includes(name)) throw new TableError('fileNoColumn', { column: name });
  }
  const kept = table.columns
    .map((name, index) => ({ name, index }))
    .filter(({ name }) => byName.get(name)?.action !== 'drop');
  if (kept.length === 0) throw new TableError('everyColumnDropped');
  const training: Table = {
    columns: kept.map(({ name }) => name),
    rows: table.rows.map((row) => kept.map(({ index }) => row[index] ?? null)),
  };
  const columns = kept.map(({ index, name }) => {
    const column = profile.schema.columns[index];
    if (!column) throw new TableError('columnNotProfiled', { column: name });
    return applyChoice(column, byName.get(name), training);
  });
  const primaryKey = key === undefined ? profile.schema.primaryKey : key;
  const isKeyKept = columns.some((column) => column.name === primaryKey);
  if (key != null && !isKeyKept) {
    throw new TableError('keyNotKept', { column: key });
  }
  const schema: TableSchema = { columns, primaryKey: isKeyKept ? primaryKey : null };
  return { training, schema };
}

/** Real rows held out of fitting: how many a table of `rows` rows keeps back (0: too small). */
export function holdoutSize(rows: number): number {
  if (rows < SINTEZA_HOLDOUT.minRows) return 0;
  return Math.min(SINTEZA_HOLDOUT.maxRows, Math.round(rows * SINTEZA_HOLDOUT.share));
}

/** Keeps the held-out draw apart from the synthesizer's, which takes the same seed. */
const HOLDOUT_SALT = 0x5bd1e995;

/**
 * The training table split into the rows to fit on and the held-out rows (null when the table
 * is too small to keep any), drawn from the seed of the run that fits: the same upload and seed
 * give the same split again, so a GENERATE run's report tests on the rows its model never saw.
 */
function splitHoldout(table: Table, seed: number): { fit: Table; holdout: Table | null } {
  const size = holdoutSize(table.rows.length);
  if (size === 0) return { fit: table, holdout: null };
  const isHeld = new Uint8Array(table.rows.length);
  const random = createRandom((seed ^ HOLDOUT_SALT) >>> 0);
  for (const index of sampleIndices({ length: table.rows.length, size, random })) {
    isHeld[index] = 1;
  }
  const fit: Table = { columns: table.columns, rows: [] };
  const holdout: Table = { columns: table.columns, rows: [] };
  table.rows.forEach((row, index) => {
    (isHeld[index] === 1 ? holdout : fit).rows.push(row);
  });
  return { fit, holdout };
}

export type SynthesisInput = UploadFile & {
  algorithm: AlgorithmName;
  parameters: Record<string, unknown>;
  columns: TColumnChoice[];
  /** The key column (drawn as new unique keys); null for none. */
  primaryKey: string | null;
  numRows: number;
  seed: number;
  /** Where to write the rows as CSV. */
  outputFile: string;
};

/**
 * The quality report of a run compares at most this many of its synthetic rows (the first ones,
 * a random sample since rows are drawn independently), so a run of millions of rows is reported
 * in bounded time and memory.
 */
export const REPORT_SAMPLE_ROWS = 50_000;

/**
 * Synthetic rows written as a CSV file (`file`, a path the caller gave and stores from), and the
 * first `REPORT_SAMPLE_ROWS` of them as a packed table of text cells (as the CSV would read
 * back), so the report needs not parse the CSV again. The rows go to a file rather than back to
 * the main thread: a run of a million rows is a CSV of over 100 MB that would otherwise be copied
 * whole several times on its way to storage.
 */
export type GeneratedRows = { file: string; sample: PackedTable; isSampled: boolean };

/** Writes what a writer streams to a file, flushed and closed before it answers. */
async function writeFile(file: string, write: (stream: NodeJS.WritableStream) => Promise<void>) {
  const stream = createWriteStream(file);
  try {
    await write(stream);
  } finally {
    stream.end();
    await finished(stream);
  }
}

/** Writes the batches as CSV to `file` and keeps the first rows apart for the report. */
async function writeCsvWithSample(
  batches: Iterable<RowBatch>,
  options: { file: string; schema?: TableSchema | undefined },
): Promise<GeneratedRows> {
  const kept: { sample: TablePacker | null; isSampled: boolean } = {
    sample: null,
    isSampled: false,
  };
  function* keepSample(): Generator<RowBatch> {
    for (const batch of batches) {
      kept.sample ??= createTablePacker(batch.columns, REPORT_SAMPLE_ROWS);
      const room = REPORT_SAMPLE_ROWS - kept.sample.rowCount;
      for (const row of batch.rows.slice(0, Math.max(0, room))) kept.sample.add(row);
      if (batch.rows.length > room) kept.isSampled = true;
      yield batch;
    }
  }
  await writeFile(options.file, (stream) =>
    writeRows({ format: 'csv', batches: keepSample(), stream, schema: options.schema }),
  );
  const sample = kept.sample?.finish() ?? { columns: [], rowCount: 0, cells: [] };
  return { file: options.file, sample, isSampled: kept.isSampled };
}

type HoldoutGap = (typeof SINTEZA_HOLDOUT_GAPS)[number];

/**
 * A training table as the user chose it (packed to pass between threads) and its schema: what
 * the report compares with; and the real rows held out of fitting, or why there are none.
 */
export type PreparedTable = {
  training: PackedTable;
  schema: TableSchema;
  holdout: { rows: PackedTable } | { gap: HoldoutGap };
};

export type SynthesisResult = GeneratedRows & {
  /** The table the model was fitted on, for the report (so the upload is not read again). */
  real: PreparedTable;
  /** The fitted model as the engine's model file (JSON with a checksum), to generate from again. */
  model: string;
};

/** Fits the algorithm on the uploaded table as the user chose and draws `numRows` rows. */
export function synthesizeDataset(input: SynthesisInput): Promise<EngineOutcome<SynthesisResult>> {
  return asAsyncOutcome(async () => {
    const prepared = prepareTraining(await readTable(input), input.columns, input.primaryKey);
    const { schema } = prepared;
    const { fit, holdout } = splitHoldout(prepared.training, input.seed);
    const parameters = parseParameters({
      algorithm: input.algorithm,
      parameters: input.parameters,
    });
    const synthesizer = fitSynthesizer({
      algorithm: input.algorithm,
      table: fit,
      schema,
      parameters: { ...parameters, seed: input.seed },
    });
    const batches = synthesizer.sample({ rows: input.numRows, seed: input.seed });
    const rows = await writeCsvWithSample(batches, { file: input.outputFile, schema });
    return {
      ...rows,
      real: {
        training: packTable(fit),
        schema,
        holdout: holdout ? { rows: packTable(holdout) } : { gap: 'fewRows' as const },
      },
      model: serializeModel(synthesizer.toModel()),
    };
  });
}

/** `numRows` rows (CSV) drawn from a stored model file, without fitting and without the upload. */
export function generateDataset(input: {
  model: Uint8Array;
  numRows: number;
  seed: number;
  outputFile: string;
}): Promise<EngineOutcome<GeneratedRows>> {
  return asAsyncOutcome(async () => {
    const model = parseModel(new TextDecoder().decode(input.model));
    if (model.algorithm === 'relational') {
      throw new ModelError('relationalModelForOneTable');
    }
    const batches = synthesizerFromModel(model).sample({ rows: input.numRows, seed: input.seed });
    return writeCsvWithSample(batches, { file: input.outputFile });
  });
}

export type RelationalInput = {
  tables: (UploadFile & {
    name: string;
    columns: TColumnChoice[];
    primaryKey: string | null;
  })[];
  relationships: Relationship[];
  algorithm: AlgorithmName;
  parameters: Record<string, unknown>;
  seed: number;
  scale: number;
  /** The folder to write each table's rows to, as CSV. */
  outputDirectory: string;
};

/** A table of a relational run as drawn: its name, row count, CSV file and report sample. */
export type GeneratedTable = GeneratedRows & { name: string; rows: number };

/** Each synthetic table written as CSV in `directory`, by its place in the run (names are the user's). */
async function writeTables(
  tables: SyntheticTable[],
  options: { directory: string; schemaOf?: (name: string) => TableSchema | undefined },
): Promise<GeneratedTable[]> {
  const written: GeneratedTable[] = [];
  for (const [index, table] of tables.entries()) {
    const file = path.join(options.directory, `${String(index)}.csv`);
    const rows = await writeCsvWithSample([table], {
      file,
      schema: options.schemaOf?.(table.name),
    });
    written.push({ ...rows, name: table.name, rows: table.rows.length });
  }
  return written;
}

export type RelationalResult = {
  /** Parents first: each table's synthetic rows as CSV, a sample of them and its real table. */
  tables: (GeneratedTable & { real: PreparedTable })[];
  /** The fitted relational model as the engine's model file. */
  model: string;
};

/**
 * Fits the engine's relational synthesizer on several uploads as the user chose (columns,
 * primary keys, foreign keys) and draws every table, each foreign key on a synthetic parent.
 */
export function synthesizeRelationalDataset(
  input: RelationalInput,
): Promise<EngineOutcome<RelationalResult>> {
  return asAsyncOutcome(async () => {
    const tables: RelationalTable[] = [];
    for (const source of input.tables) {
      const { training, schema } = prepareTraining(
        await readTable(source),
        source.columns,
        source.primaryKey,
      );
      tables.push({ name: source.name, table: training, schema });
    }
    const parameters = parseParameters({
      algorithm: input.algorithm,
      parameters: input.parameters,
    });
    const synthesizer = fitRelationalSynthesizer({
      tables,
      relationships: input.relationships,
      algorithm: input.algorithm,
      parameters: { ...parameters, seed: input.seed },
    });
    const sourceOf = (name: string) => tables.find((entry) => entry.name === name);
    const drawn = synthesizer
      .sample({ seed: input.seed, scale: input.scale })
      .filter((table) => sourceOf(table.name));
    const written = await writeTables(drawn, {
      directory: input.outputDirectory,
      schemaOf: (name) => sourceOf(name)?.schema,
    });
    const results = written.map((table) => {
      const source = sourceOf(table.name);
      if (!source) throw new TableError('tableNotInRun', { name: table.name });
      const real: PreparedTable = {
        training: packTable(source.table),
        schema: source.schema,
        holdout: { gap: 'relational' },
      };
      return { ...table, real };
    });
    return { tables: results, model: serializeModel(synthesizer.toModel()) };
  });
}

/**
 * Every table of a stored relational model drawn again without fitting: root tables get
 * `scale` × their real rows, every foreign key on a synthetic parent; each written as CSV.
 */
export function generateRelationalDataset(input: {
  model: Uint8Array;
  scale: number;
  seed: number;
  outputDirectory: string;
}): Promise<EngineOutcome<GeneratedTable[]>> {
  return asAsyncOutcome(async () => {
    const model = parseModel(new TextDecoder().decode(input.model));
    if (model.algorithm !== 'relational') {
      throw new ModelError('oneTableModelForTables');
    }
    const tables = relationalSynthesizerFromModel(model).sample({
      seed: input.seed,
      scale: input.scale,
    });
    return writeTables(tables, { directory: input.outputDirectory });
  });
}

/**
 * The column a report's machine-learning efficacy predicts, of the run: `{ target }` names it
 * (null: none), `{}` leaves it to the report to pick.
 */
export type TargetChoice = { target?: string | null };

/** Distinct filled values of a column, counted up to three. */
function countClasses(table: Table, column: string): number {
  const index = table.columns.indexOf(column);
  const seen = new Set<string>();
  for (const row of table.rows) {
    const value = row[index];
    if (value != null) seen.add(value);
    if (seen.size > 2) break;
  }
  return seen.size;
}

/**
 * The target to measure machine-learning efficacy on: the chosen column when the rows fitted on
 * hold exactly two of its values (the engine's classifier is yes/no), or else the last category
 * column with two values (a data set's label is most often its last column), never the key.
 */
function resolveTarget(fit: Table, schema: TableSchema, choice: TargetChoice) {
  const isChosen = choice.target !== undefined;
  if (choice.target === null) return { target: null, isChosen, gap: 'notChosen' as const };
  if (choice.target !== undefined) {
    return countClasses(fit, choice.target) === 2
      ? { target: choice.target, isChosen, gap: null }
      : { target: null, isChosen, gap: 'notBinary' as const };
  }
  const candidate = schema.columns.findLast(
    (column) =>
      (column.kind === 'categorical' || column.kind === 'boolean') &&
      !column.pii &&
      column.name !== schema.primaryKey &&
      countClasses(fit, column.name) === 2,
  );
  return candidate
    ? { target: candidate.name, isChosen, gap: null }
    : { target: null, isChosen, gap: 'noBinaryColumn' as const };
}

/**
 * Rows each ML-efficacy classifier learns from at most (a random sample of the real training rows,
 * and of the synthetic ones): on adult, accuracies within half a point of all 27,561 rows, at
 * about a quarter of the time.
 */
export const ML_EFFICACY_TRAINING_ROWS = 10_000;

/** At most `size` rows of the table, drawn from the seed; the table itself when it has no more. */
function sampleRows(table: Table, size: number, seed: number): Table {
  if (table.rows.length <= size) return table;
  const indices = sampleIndices({ length: table.rows.length, size, random: createRandom(seed) });
  return { columns: table.columns, rows: indices.map((index) => table.rows[index] ?? []) };
}

/** Machine-learning efficacy of `target` on the held-out rows, each side trained on a sample. */
function measureEfficacy(options: {
  fit: Table;
  synthetic: Table;
  holdout: Table;
  schema: TableSchema;
  target: string;
  seed: number;
}) {
  const { fit, synthetic, holdout, schema, target, seed } = options;
  const sampled = sampleRows(fit, ML_EFFICACY_TRAINING_ROWS, seed);
  return measureMlEfficacy({
    real: countClasses(sampled, target) === 2 ? sampled : fit,
    synthetic: sampleRows(synthetic, ML_EFFICACY_TRAINING_ROWS, seed + 1),
    test: holdout,
    schema,
    target,
  });
}

/** The upload a report reads when it has no prepared table, and how to hold out its rows again. */
type UploadReal = UploadFile & {
  columns: TColumnChoice[];
  primaryKey: string | null;
  /** The seed of the run that fitted the model (to draw the same held-out rows), or why none. */
  holdout: { seed: number } | { gap: HoldoutGap };
};

/** The rows the model was fitted on and the held-out ones, from a prepared table or the upload. */
async function readReal(real: PreparedTable | UploadReal) {
  if ('training' in real) {
    const { holdout } = real;
    return {
      fit: unpackTable(real.training),
      schema: real.schema,
      holdout: 'rows' in holdout ? unpackTable(holdout.rows) : null,
      gap: 'gap' in holdout ? holdout.gap : null,
    };
  }
  const { training, schema } = prepareTraining(
    await readTable(real),
    real.columns,
    real.primaryKey,
  );
  if ('gap' in real.holdout) return { fit: training, schema, holdout: null, gap: real.holdout.gap };
  const { fit, holdout } = splitHoldout(training, real.holdout.seed);
  return { fit, schema, holdout, gap: holdout ? null : ('fewRows' as const) };
}

/** The engine's report and what it was measured on. */
export type RunReport = QualityReport & { evaluation: TReportEvaluation };

/**
 * The quality report of synthetic rows (CSV) against the real rows they imitate, with machine-
 * learning efficacy and the held-out rows' distance to closest record when rows were held out.
 */
export function reportDataset(input: {
  /** The table fitted on, or the upload to read it from as the user chose (a GENERATE run's). */
  real: PreparedTable | UploadReal;
  synthetic: PackedTable;
  seed: number;
  evaluation: TargetChoice;
}): Promise<EngineOutcome<RunReport>> {
  return asAsyncOutcome(async () => {
    const { fit, schema, holdout, gap } = await readReal(input.real);
    const target = holdout
      ? resolveTarget(fit, schema, input.evaluation)
      : { target: null, isChosen: false, gap: null };
    const synthetic = unpackTable(input.synthetic);
    const report = buildQualityReport({
      real: fit,
      synthetic,
      schema,
      ...(holdout ? { holdout } : {}),
      seed: input.seed,
    });
    const mlEfficacy =
      holdout && target.target !== null
        ? measureEfficacy({
            fit,
            synthetic,
            holdout,
            schema,
            target: target.target,
            seed: input.seed,
          })
        : null;
    const evaluation: TReportEvaluation = {
      trainingRows: fit.rows.length,
      holdoutRows: holdout?.rows.length ?? 0,
      holdoutGap: gap,
      target: target.target,
      isTargetChosen: target.isChosen,
      targetGap: target.gap,
    };
    return { ...report, mlEfficacy, evaluation };
  });
}

/**
 * Generated rows (a CSV file the caller streamed from storage) written in another format to
 * `outputFile`, which the caller streams back, read twice a batch of rows at a time (XLSX is
 * built whole: the caller bounds its size).
 */
export function convertDataset(input: {
  file: string;
  format: OutputFormat;
  outputFile: string;
}): Promise<EngineOutcome<null>> {
  return asAsyncOutcome(async () => {
    await writeFile(input.outputFile, (stream) =>
      convertCsvStream({ open: () => createReadStream(input.file), format: input.format, stream }),
    );
    return null;
  });
}
