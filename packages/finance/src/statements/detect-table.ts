import { getCellText, isBlankCell, isBlankRow } from './cell-text.js';
import { isGrossAmountHeader, isNetAmountHeader, matchHeader } from './match-header.js';
import { parseAmountCell } from './parse-amount.js';
import { parseDateText } from './parse-date.js';
import { readDirectionFlag } from './read-flags.js';
import type { Cell, ColumnMapping, ColumnRole, Sheet } from './statement-types.js';

const HEADER_SEARCH_ROWS = 50;
const SAMPLE_ROWS = 200;
const MIN_FIT: Readonly<Record<ColumnRole, number>> = {
  operationDate: 0.5,
  valueDate: 0.5,
  description: 0.3,
  amount: 0.6,
  debit: 0.6,
  credit: 0.6,
  direction: 0.8,
  balance: 0.6,
  status: 0.9,
  fee: 0.6,
};
const MAX_STATUS_VALUES = 10;
// Whole-number cells in a date column read as Excel date serials: 1954..2119.
const SERIAL_MIN = 20_000;
const SERIAL_MAX = 80_000;

export type Assignment = { role: ColumnRole; confidence: number };

/** The table found in a file: where it starts, which column is what, and how sure that is. */
export type DetectedTable = {
  sheetIndex: number;
  headerIndex: number | null;
  startIndex: number;
  assignments: Map<number, Assignment>;
  mapping: ColumnMapping;
  confidence: number;
};

type ColumnProfile = {
  nonBlank: number;
  dates: number;
  amounts: number;
  negatives: number;
  texts: number;
  flags: number;
  textLength: number;
  distinct: Set<string>;
};

export function isDateSerial(value: number): boolean {
  return Number.isInteger(value) && value >= SERIAL_MIN && value <= SERIAL_MAX;
}

function isDateCell(cell: Cell): boolean {
  if (typeof cell === 'number') return isDateSerial(cell);
  return cell !== null && (parseDateText(cell, 'DMY') ?? parseDateText(cell, 'MDY')) !== null;
}

function profileColumns(rows: readonly Cell[][]): ColumnProfile[] {
  const profiles: ColumnProfile[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      const profile = (profiles[column] ??= {
        nonBlank: 0,
        dates: 0,
        amounts: 0,
        negatives: 0,
        texts: 0,
        flags: 0,
        textLength: 0,
        distinct: new Set(),
      });
      if (cell === null || isBlankCell(cell)) return;
      profile.nonBlank++;
      const text = getCellText(cell);
      if (profile.distinct.size <= MAX_STATUS_VALUES) profile.distinct.add(text.toLowerCase());
      const isDate = isDateCell(cell);
      const amount = parseAmountCell(cell);
      if (isDate) profile.dates++;
      if (amount.ok) {
        profile.amounts++;
        if (amount.cents < 0) profile.negatives++;
      }
      if (!isDate && !amount.ok) {
        profile.texts++;
        profile.textLength += text.length;
      }
      if (readDirectionFlag(text) !== null) profile.flags++;
    });
  }
  return profiles;
}

function fitRole(role: ColumnRole, profile: ColumnProfile | undefined): number {
  if (profile === undefined || profile.nonBlank === 0) {
    // A statement with only outflows leaves its credit column empty; a named one still counts.
    if (role === 'debit' || role === 'credit') return MIN_FIT[role];
    return role === 'description' ? 0.5 : 0;
  }
  const share = (count: number): number => count / profile.nonBlank;
  switch (role) {
    case 'operationDate':
    case 'valueDate':
      return share(profile.dates);
    case 'amount':
    case 'debit':
    case 'credit':
    case 'balance':
    case 'fee':
      return share(profile.amounts);
    case 'description':
      return share(profile.texts);
    case 'direction':
      return share(profile.flags);
    case 'status':
      return profile.distinct.size <= MAX_STATUS_VALUES ? share(profile.texts) : 0;
  }
}

function isSameRow(a: readonly Cell[], b: readonly Cell[]): boolean {
  const length = Math.max(a.length, b.length);
  for (let column = 0; column < length; column++) {
    if (getCellText(a[column]) !== getCellText(b[column])) return false;
  }
  return true;
}

/** The first data rows under a header, leaving out blank rows and the header repeated. */
function takeSample(
  rows: readonly Cell[][],
  start: number,
  header: readonly Cell[] = [],
): Cell[][] {
  const sample: Cell[][] = [];
  for (let index = start; index < rows.length && sample.length < SAMPLE_ROWS; index++) {
    const row = rows[index];
    if (row !== undefined && !isBlankRow(row) && !isSameRow(row, header)) sample.push(row);
  }
  return sample;
}

function assignByHeader(
  header: readonly Cell[],
  profiles: ColumnProfile[],
): Map<number, Assignment> {
  const candidates: { column: number; role: ColumnRole; confidence: number }[] = [];
  header.forEach((cell, column) => {
    for (const [role, score] of matchHeader(getCellText(cell))) {
      const fit = fitRole(role, profiles[column]);
      if (fit >= MIN_FIT[role]) candidates.push({ column, role, confidence: score * fit });
    }
  });
  candidates.sort((a, b) => b.confidence - a.confidence || a.column - b.column);
  const assignments = new Map<number, Assignment>();
  const takenRoles = new Set<ColumnRole>();
  for (const { column, role, confidence } of candidates) {
    if (assignments.has(column) || (role !== 'description' && takenRoles.has(role))) continue;
    assignments.set(column, { role, confidence });
    takenRoles.add(role);
  }
  return assignments;
}

function findColumn(assignments: Map<number, Assignment>, role: ColumnRole): number | undefined {
  for (const [column, assignment] of assignments) if (assignment.role === role) return column;
  return undefined;
}

function findBestColumn(
  profiles: ColumnProfile[],
  assignments: Map<number, Assignment>,
  score: (profile: ColumnProfile) => number,
): number | undefined {
  let best: number | undefined;
  let bestScore = 0;
  profiles.forEach((profile, column) => {
    if (assignments.has(column) || profile.nonBlank === 0) return;
    const value = score(profile);
    if (value > bestScore) {
      best = column;
      bestScore = value;
    }
  });
  return best;
}

function hasAnyRole(assignments: Map<number, Assignment>, roles: readonly ColumnRole[]): boolean {
  return [...assignments.values()].some((assignment) => roles.includes(assignment.role));
}

/**
 * Unnamed date columns: the first is the operation (booking) date; a second one, as in
 * `03/01/2024;05/01/2024;…`, is the value date.
 */
function assignDates(profiles: ColumnProfile[], assignments: Map<number, Assignment>): void {
  const dateColumns: number[] = [];
  profiles.forEach((profile, column) => {
    if (!assignments.has(column) && profile.nonBlank > 0 && profile.dates / profile.nonBlank >= 0.8)
      dateColumns.push(column);
  });
  const roles = ['operationDate', 'valueDate'] as const;
  roles.forEach((role, index) => {
    const column = dateColumns[index];
    const profile = column === undefined ? undefined : profiles[column];
    if (column !== undefined && profile !== undefined)
      assignments.set(column, { role, confidence: (0.5 * profile.dates) / profile.nonBlank });
  });
}

/** Fills the roles the headers did not name from the kind of data in the columns. */
function assignByData(profiles: ColumnProfile[], assignments: Map<number, Assignment>): void {
  const share = (profile: ColumnProfile, count: number): number => count / profile.nonBlank;
  const assign = (
    role: ColumnRole,
    score: (profile: ColumnProfile) => number,
    confidence: (profile: ColumnProfile) => number,
  ): void => {
    const column = findBestColumn(profiles, assignments, score);
    const profile = column === undefined ? undefined : profiles[column];
    if (column !== undefined && profile !== undefined) {
      assignments.set(column, { role, confidence: confidence(profile) });
    }
  };
  if (!hasAnyRole(assignments, ['operationDate', 'valueDate'])) {
    assignDates(profiles, assignments);
  }
  if (!hasAnyRole(assignments, ['amount', 'debit', 'credit'])) {
    // Prefer a column with negative values: a balance column is rarely the first signed one.
    assign(
      'amount',
      (p) =>
        share(p, p.amounts) >= 0.9 && p.dates === 0
          ? share(p, p.amounts) + (p.negatives > 0 ? 1 : 0)
          : 0,
      (p) => (p.negatives > 0 ? 0.5 : 0.35) * share(p, p.amounts),
    );
  }
  if (!hasAnyRole(assignments, ['description'])) {
    assign(
      'description',
      (p) => (share(p, p.texts) >= 0.8 ? p.textLength / p.nonBlank : 0),
      () => 0.4,
    );
  }
}

/** Keeps the amount columns of one amount rule: a signed amount beats a debit/credit pair; a direction flag only signs unsigned amounts. */
function settleAmountRule(profiles: ColumnProfile[], assignments: Map<number, Assignment>): void {
  const amount = findColumn(assignments, 'amount');
  const direction = findColumn(assignments, 'direction');
  if (amount !== undefined) {
    for (const role of ['debit', 'credit'] as const) {
      const column = findColumn(assignments, role);
      if (column !== undefined) assignments.delete(column);
    }
    if (direction !== undefined && (profiles[amount]?.negatives ?? 0) > 0)
      assignments.delete(direction);
  } else if (direction !== undefined) {
    assignments.delete(direction);
  }
}

/**
 * A payment-service export (Gross, Fee, Net) is read by its net amount; failing that, by its
 * gross amount and fee. A fee beside a plain amount (Revolut's) is not part of the amount.
 */
function settleNetAmount(
  header: readonly Cell[],
  profiles: ColumnProfile[],
  assignments: Map<number, Assignment>,
): void {
  const amount = findColumn(assignments, 'amount');
  const fee = findColumn(assignments, 'fee');
  const net = header.findIndex(
    (cell, column) =>
      isNetAmountHeader(getCellText(cell)) && fitRole('amount', profiles[column]) >= MIN_FIT.amount,
  );
  if (amount !== undefined && net !== -1) {
    const confidence =
      (matchHeader(getCellText(header[net])).get('amount') ?? 0) * fitRole('amount', profiles[net]);
    assignments.delete(amount);
    assignments.set(net, { role: 'amount', confidence });
  }
  const isGross = amount !== undefined && isGrossAmountHeader(getCellText(header[amount]));
  if (fee !== undefined && (net !== -1 || !isGross)) assignments.delete(fee);
}

function buildMapping(options: {
  assignments: Map<number, Assignment>;
  headerIndex: number | null;
  sheetName: string;
}): { mapping: ColumnMapping; confidence: number } | null {
  const { assignments, headerIndex, sheetName } = options;
  const column = (role: ColumnRole): number | undefined => findColumn(assignments, role);
  const confidenceOf = (index: number | undefined): number =>
    index === undefined ? 0 : (assignments.get(index)?.confidence ?? 0);
  const operationDate = column('operationDate') ?? column('valueDate');
  if (operationDate === undefined) return null;
  const amount = column('amount');
  const debit = column('debit');
  const credit = column('credit');
  if (amount === undefined && debit === undefined && credit === undefined) return null;
  const description = [...assignments]
    .filter(([, assignment]) => assignment.role === 'description')
    .map(([index]) => index)
    .sort((a, b) => a - b);
  const mapping: ColumnMapping = {
    sheet: sheetName,
    headerRow: headerIndex === null ? null : headerIndex + 1,
    operationDate,
    valueDate: column('valueDate'),
    description,
    amount,
    debit,
    credit,
    direction: column('direction'),
    balance: column('balance'),
    status: column('status'),
    fee: column('fee'),
  };
  const amountConfidence =
    amount !== undefined
      ? confidenceOf(amount)
      : Math.max(confidenceOf(debit), confidenceOf(credit));
  return { mapping, confidence: Math.min(confidenceOf(operationDate), amountConfidence) };
}

type ScoredTable = { table: DetectedTable; score: number };

function scoreTable(assignments: Map<number, Assignment>): number {
  let score = 0;
  for (const { role, confidence } of assignments.values()) {
    score += role === 'description' ? 0.25 * confidence : confidence;
  }
  return score;
}

function detectWithHeader(sheet: Sheet, sheetIndex: number): ScoredTable | null {
  let best: ScoredTable | null = null;
  const searchEnd = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
  for (let headerIndex = 0; headerIndex < searchEnd; headerIndex++) {
    const header = sheet.rows[headerIndex] ?? [];
    const roles = new Set(header.flatMap((cell) => [...matchHeader(getCellText(cell)).keys()]));
    const hasDate = roles.has('operationDate') || roles.has('valueDate');
    const hasMoney = roles.has('amount') || roles.has('debit') || roles.has('credit');
    if (!hasDate || !hasMoney) continue;
    const profiles = profileColumns(takeSample(sheet.rows, headerIndex + 1, header));
    const assignments = assignByHeader(header, profiles);
    assignByData(profiles, assignments);
    settleAmountRule(profiles, assignments);
    settleNetAmount(header, profiles, assignments);
    const built = buildMapping({ assignments, headerIndex, sheetName: sheet.name });
    if (built === null || built.confidence < 0.3) continue;
    const score = scoreTable(assignments);
    if (best === null || score > best.score) {
      const table = { sheetIndex, headerIndex, startIndex: headerIndex + 1, assignments, ...built };
      best = { table, score };
    }
  }
  return best;
}

function detectWithoutHeader(sheet: Sheet, sheetIndex: number): ScoredTable | null {
  const searchEnd = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
  for (let startIndex = 0; startIndex < searchEnd; startIndex++) {
    const row = sheet.rows[startIndex] ?? [];
    const dateColumn = row.findIndex(isDateCell);
    const hasAmount = row.some(
      (cell, column) =>
        column !== dateColumn && cell !== null && !isBlankCell(cell) && parseAmountCell(cell).ok,
    );
    if (dateColumn === -1 || !hasAmount) continue;
    const profiles = profileColumns(takeSample(sheet.rows, startIndex));
    const assignments = new Map<number, Assignment>();
    assignByData(profiles, assignments);
    settleAmountRule(profiles, assignments);
    const built = buildMapping({ assignments, headerIndex: null, sheetName: sheet.name });
    if (built === null) return null;
    const table = { sheetIndex, headerIndex: null, startIndex, assignments, ...built };
    return { table, score: scoreTable(assignments) };
  }
  return null;
}

/**
 * Finds the transaction table among the sheets: the header row (searched among the first
 * rows, below titles and account details) whose column names, checked against the data
 * under them, give a date and an amount with the most confidence; failing that, a table
 * without header recognised by its data alone. Null when there is none.
 */
export function detectTable(sheets: readonly Sheet[]): DetectedTable | null {
  let best: ScoredTable | null = null;
  for (const [sheetIndex, sheet] of sheets.entries()) {
    const found = detectWithHeader(sheet, sheetIndex) ?? detectWithoutHeader(sheet, sheetIndex);
    if (found !== null && (best === null || found.score > best.score)) best = found;
  }
  return best === null ? null : best.table;
}
