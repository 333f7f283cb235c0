/** The values a failure's wording takes: column and table names, row numbers, counts. */
export type EngineFailureParams = Record<string, string | number>;

const text = (value: string | number | undefined) => String(value ?? '');

/**
 * Every reason the engine refuses its input, as a stable code and its English wording. A caller
 * that speaks to users in another language words the code itself, with the same values.
 */
const ENGINE_FAILURES = {
  // Reading a table.
  noHeader: () => 'The file has no header row.',
  emptyFile: () => 'The file is empty.',
  noDataRows: () => 'The file has a header row but no data rows.',
  rowWidth: (p: EngineFailureParams) =>
    `Row ${text(p.row)} has ${text(p.cells)} cells; the header has ${text(p.columns)}.`,
  csvQuotes: (p: EngineFailureParams) => `Row ${text(p.row)}: ${text(p.detail)}.`,
  csvUnreadable: (p: EngineFailureParams) => text(p.detail),
  notParquet: () => 'The file is not a Parquet file.',
  notSpreadsheet: () => 'The file is not a spreadsheet.',
  noSheet: () => 'The workbook has no sheet.',
  noSheetHeader: () => 'The sheet has no header row.',
  // The columns as the user chose them.
  fileNoColumn: (p: EngineFailureParams) => `The file has no column "${text(p.column)}".`,
  everyColumnDropped: () => 'Every column is dropped.',
  columnNotProfiled: (p: EngineFailureParams) =>
    `The column "${text(p.column)}" could not be profiled.`,
  notDates: (p: EngineFailureParams) => `The column "${text(p.column)}" does not hold dates.`,
  notANumber: (p: EngineFailureParams) =>
    `Column "${text(p.column)}" row ${text(p.row)}: "${text(p.value)}" is not a numerical value.`,
  notADate: (p: EngineFailureParams) =>
    `Column "${text(p.column)}" row ${text(p.row)}: "${text(p.value)}" is not a datetime value.`,
  keyNotKept: (p: EngineFailureParams) =>
    `The primary key "${text(p.column)}" is not a kept column.`,
  schemaNoColumn: (p: EngineFailureParams) => `The schema has no column "${text(p.column)}".`,
  columnNotCompared: (p: EngineFailureParams) =>
    `The column "${text(p.column)}" is missing from a compared table.`,
  noColumn: (p: EngineFailureParams) => `The table has no column "${text(p.column)}".`,
  tableNoColumn: (p: EngineFailureParams) =>
    `The table ${text(p.name)} has no column "${text(p.column)}".`,
  noTargetColumn: (p: EngineFailureParams) => `The table has no target column "${text(p.column)}".`,
  targetClasses: (p: EngineFailureParams) =>
    `The target needs exactly two classes in the real data; it has ${text(p.count)}.`,
  // Related tables.
  unknownLinkTable: (p: EngineFailureParams) =>
    `The relationship ${text(p.child)}.${text(p.foreignKey)} → ${text(p.parent)} names an unknown table.`,
  parentWithoutKey: (p: EngineFailureParams) =>
    `The table ${text(p.parent)} is a parent, so it needs a primary key column.`,
  keyNotUnique: (p: EngineFailureParams) =>
    `The primary key ${text(p.parent)}.${text(p.primaryKey)} has empty or repeated values.`,
  orphanRows: (p: EngineFailureParams) =>
    `${text(p.count)} rows of ${text(p.child)} have a ${text(p.foreignKey)} that is empty or not a ${text(p.parent)}.${text(p.primaryKey)}.`,
  duplicateTableName: () => 'Two tables have the same name.',
  linkCycle: (p: EngineFailureParams) => `The relationships form a cycle among ${text(p.tables)}.`,
  tableNotInRun: (p: EngineFailureParams) => `The table ${text(p.name)} is not in the run.`,
  // Parameters.
  parameterChoice: (p: EngineFailureParams) =>
    `${text(p.parameter)} must be one of ${text(p.values)}.`,
  parameterNumber: (p: EngineFailureParams) => `${text(p.parameter)} must be a number.`,
  parameterInteger: (p: EngineFailureParams) => `${text(p.parameter)} must be a whole number.`,
  parametersObject: () => 'Parameters must be an object of name: value.',
  unknownParameter: (p: EngineFailureParams) =>
    `${text(p.algorithm)} has no parameter "${text(p.parameter)}" (it takes: ${text(p.parameters)}).`,
  epsilonPositive: () => 'epsilon must be above 0.',
  // Fitting and stored models.
  networkColumn: () => 'The network names a column the table lacks.',
  givenColumnNotDrawn: (p: EngineFailureParams) =>
    `The given column "${text(p.column)}" is not a drawn column.`,
  modelNotJson: () => 'The model file is not JSON.',
  notAModel: () => 'The file is not a synthesizer model.',
  modelVersion: (p: EngineFailureParams) =>
    `The model is of version ${text(p.version)}; this engine reads version ${text(p.supported)}.`,
  modelChecksum: () => 'The model does not match its checksum: it was corrupted or edited.',
  modelMalformed: (p: EngineFailureParams) =>
    `The model is malformed at ${text(p.where) || 'its root'}: ${text(p.detail)}`,
  modelCorrelation: () => 'The correlation of the model does not fit its columns.',
  modelNodeColumn: () => 'A node of the network names a column the model lacks.',
  modelTableShape: () => 'A conditional table of the network does not fit its columns.',
  modelGivenColumn: () => 'A given column of the network is not a drawn column.',
  modelDuplicateTable: (p: EngineFailureParams) => `The model has two tables ${text(p.name)}.`,
  modelChildWithoutParent: (p: EngineFailureParams) =>
    `The table ${text(p.name)} of the model is not drawn from its parent.`,
  relationalModelForOneTable: () => 'A relational model generates tables, not one table.',
  oneTableModelForTables: () => 'A single table’s model generates one table, not related tables.',
  // Writing rows.
  parquetNoRows: () => 'Parquet output needs at least one row.',
  xlsxTooManyRows: (p: EngineFailureParams) =>
    `XLSX holds at most ${text(p.max)} rows per sheet; choose CSV, JSON lines or Parquet.`,
  // The command line's own input.
  cannotRead: (p: EngineFailureParams) =>
    p.detail === undefined
      ? `Cannot read ${text(p.file)}.`
      : `Cannot read ${text(p.file)} (${text(p.detail)}).`,
  namedFileEmpty: (p: EngineFailureParams) => `${text(p.file)} is empty.`,
  namedFileNoRows: (p: EngineFailureParams) => `${text(p.file)} has a header but no rows.`,
  inFile: (p: EngineFailureParams) => `${text(p.file)}: ${text(p.detail)}`,
  otherColumns: (p: EngineFailureParams) =>
    `${text(p.file)} has other columns than the real data (${text(p.detail)}).`,
  badArguments: (p: EngineFailureParams) => text(p.detail),
  oneInputFile: () => 'Give exactly one input file.',
  unknownFormat: (p: EngineFailureParams) =>
    `Unknown format "${text(p.format)}"; use csv, jsonl, parquet or xlsx.`,
  inputEmpty: () => 'The input is empty.',
} satisfies Record<string, (params: EngineFailureParams) => string>;

export type EngineFailureCode = keyof typeof ENGINE_FAILURES;
export const ENGINE_FAILURE_CODES = Object.keys(ENGINE_FAILURES) as EngineFailureCode[];

/** A refusal of the engine: its code and values, and their English wording as its message. */
export class EngineError extends Error {
  constructor(
    readonly code: EngineFailureCode,
    readonly params: EngineFailureParams = {},
  ) {
    super(ENGINE_FAILURES[code](params));
  }
}
