import { Readable } from 'node:stream';
import type { Language, TTransactionFilters } from '@app/contracts';
import { CATEGORY_TAXONOMY, neutralizeCsvCell } from '@app/finance';
import type { Executor } from '../../db/client.js';
import { findAccounts } from './repository.js';
import {
  copyCsvBatch,
  copyCsvRows,
  findCsvParts,
  parseSort,
  resolveScope,
  type CsvPosition,
} from './transactions-repository.js';

const CSV_BATCH = 20_000;
const CSV_BUFFER_BYTES = 4 * 1024 * 1024;
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const APOSTROPHE = Buffer.from("'");
const SEMICOLON = 59;
const COMMA = 44;
const MINUS = 45;
const DIGIT_ZERO = 48;
/** The no-break space in UTF-8. */
const NBSP = [0xc2, 0xa0];
/** `-`, `=`, `+` and `@`. */
const FORMULA_SIGNS = new Set([45, 61, 43, 64]);
/** An account id as COPY writes a uuid, and that many bytes as 32-bit words. */
const UUID_LENGTH = 36;
const ID_WORDS = UUID_LENGTH / 4;
/** `dd/mm/yyyy;`: where a row's second date begins, and after it its description. */
const DATE_LENGTH = 11;
const CSV_HEADERS: Record<Language, string[]> = {
  'en-US': [
    'Value date',
    'Operation date',
    'Description',
    'Amount',
    'Balance',
    'Currency',
    'Account',
    'Category',
    'Parent category',
  ],
  es: [
    'Fecha valor',
    'Fecha operación',
    'Concepto',
    'Importe',
    'Saldo',
    'Divisa',
    'Cuenta',
    'Categoría',
    'Categoría principal',
  ],
};

/** `neutralizeCsvCell`'s test (`isFormulaLike`) on a cell of COPY's output at `at`, quoted or not. */
function isFormula(data: Buffer, at: number): boolean {
  let position = data[at] === QUOTE ? at + 1 : at;
  if (data[position] === TAB || data[position] === CR) return true;
  for (;;) {
    const byte = data[position] ?? 0;
    if (byte === SPACE || (byte >= TAB && byte <= CR)) position += 1;
    else if (byte === NBSP[0] && data[position + 1] === NBSP[1]) position += 2;
    else return FORMULA_SIGNS.has(byte);
  }
}

/** A text as COPY writes a CSV cell: quoted when it holds the separator, a quote or a line break. */
function csvCell(text: string): string {
  if (text === '') return '""';
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The last step of the CSV rows. COPY writes the stored texts as they are, the amount and the
 * balance in cents, and ends each row with its account id and category id
 * (`…;<cents>;<cents>;<account>;<category>\n`, `copyStatement`). The finisher gives a
 * description that would run as a formula its apostrophe, writes the cents as Spanish Excel
 * reads them (`-1234,50`; no balance stays an empty cell), the account's currency and name and
 * the category's and its parent's names in place of the ids, guarded the same way, and ends
 * the row with `\r\n`. A line feed inside a quoted description does not end a row (an odd
 * count of quotes since the row began); an unfinished row waits for the next chunk. Called on
 * the chunks of one download, in order.
 */
export function csvRowFinisher(
  accounts: { id: string; currency: string; name: string }[],
  language: Language,
): (chunk: Buffer) => Buffer {
  const categories = new Map<number, string>();
  for (const parent of CATEGORY_TAXONOMY) {
    for (const subcategory of parent.subcategories) {
      const names = [subcategory.names[language], parent.names[language]];
      categories.set(
        subcategory.id,
        names.map((name) => csvCell(neutralizeCsvCell(name))).join(';'),
      );
    }
  }
  const accountCells = new Map(
    accounts.map((account) => [
      account.id,
      `${csvCell(account.currency)};${csvCell(neutralizeCsvCell(account.name))}`,
    ]),
  );
  // The endings of an account's rows, one per category, made once. An account is found by its
  // id's bytes read as nine 32-bit words, so that no row makes a string.
  type AccountEndings = { words: Uint32Array; cells: string; byCategory: Buffer[] };
  const byFirstWord = new Map<number, AccountEndings[]>();
  const accountAt = (data: Buffer, at: number): AccountEndings => {
    const candidates = byFirstWord.get(data.readUInt32LE(at)) ?? [];
    search: for (const candidate of candidates) {
      for (let word = 1; word < ID_WORDS; word += 1) {
        if (data.readUInt32LE(at + 4 * word) !== candidate.words[word]) continue search;
      }
      return candidate;
    }
    const words = Uint32Array.from({ length: ID_WORDS }, (_, word) =>
      data.readUInt32LE(at + 4 * word),
    );
    const id = data.toString('latin1', at, at + UUID_LENGTH);
    const found = { words, cells: accountCells.get(id) ?? ';', byCategory: [] };
    byFirstWord.set(words[0] ?? 0, [...candidates, found]);
    return found;
  };
  const ending = (account: AccountEndings, categoryId: number): Buffer =>
    (account.byCategory[categoryId] ??= Buffer.from(
      `${account.cells};${categories.get(categoryId) ?? ';'}\r\n`,
    ));
  let unfinished: Buffer | undefined;
  return (chunk) => {
    const data = unfinished ? Buffer.concat([unfinished, chunk]) : chunk;
    // The names are longer than the ids: room for a third more, grown if a row needs it.
    let result = Buffer.allocUnsafe(Math.ceil(data.length * 1.34));
    let to = 0;
    const reserve = (bytes: number) => {
      if (to + bytes <= result.length) return;
      const grown = Buffer.allocUnsafe(2 * (result.length + bytes));
      result.copy(grown, 0, 0, to);
      result = grown;
    };
    const write = (source: Buffer, from = 0, end = source.length) => {
      reserve(end - from);
      to += source.copy(result, to, from, end);
    };
    // The cents at `from`…`end` (`-5`, `123456`, or nothing) as the cell `-0,05;`, `1234,56;`
    // or `;`.
    const writeCents = (from: number, end: number) => {
      reserve(end - from + 4);
      if (from === end) {
        result[to++] = SEMICOLON;
        return;
      }
      if (data[from] === MINUS) {
        result[to++] = MINUS;
        from += 1;
      }
      for (let missing = 3 - (end - from); missing > 0; missing -= 1) {
        result[to++] = DIGIT_ZERO;
        if (missing === 2) result[to++] = COMMA;
      }
      for (let at = from; at < end; at += 1) {
        if (at === end - 2) result[to++] = COMMA;
        result[to++] = data[at] ?? DIGIT_ZERO;
      }
      result[to++] = SEMICOLON;
    };
    let start = 0;
    let isQuoted = false;
    let quoteAt = data.indexOf(QUOTE);
    for (let lineEnd = data.indexOf(LF); lineEnd !== -1; lineEnd = data.indexOf(LF, lineEnd + 1)) {
      for (; quoteAt !== -1 && quoteAt < lineEnd; quoteAt = data.indexOf(QUOTE, quoteAt + 1)) {
        isQuoted = !isQuoted;
      }
      if (isQuoted) continue;
      let categoryAt = lineEnd - 1;
      let categoryId = 0;
      for (let unit = 1; data[categoryAt] !== SEMICOLON && categoryAt > start; unit *= 10) {
        categoryId += ((data[categoryAt] ?? DIGIT_ZERO) - DIGIT_ZERO) * unit;
        categoryAt -= 1;
      }
      const idsAt = categoryAt - UUID_LENGTH;
      let balanceAt = idsAt - 1;
      while (data[balanceAt - 1] !== SEMICOLON && balanceAt > start) balanceAt -= 1;
      let amountAt = balanceAt - 1;
      while (data[amountAt - 1] !== SEMICOLON && amountAt > start) amountAt -= 1;
      // Years of four digits make both dates ten characters long; any other, they are sought.
      const descriptionAt =
        data[start + DATE_LENGTH - 1] === SEMICOLON &&
        data[start + 2 * DATE_LENGTH - 1] === SEMICOLON
          ? start + 2 * DATE_LENGTH
          : data.indexOf(SEMICOLON, data.indexOf(SEMICOLON, start) + 1) + 1;
      if (isFormula(data, descriptionAt)) {
        const textAt = data[descriptionAt] === QUOTE ? descriptionAt + 1 : descriptionAt;
        write(data, start, textAt);
        write(APOSTROPHE);
        write(data, textAt, amountAt);
      } else {
        write(data, start, amountAt);
      }
      writeCents(amountAt, balanceAt - 1);
      writeCents(balanceAt, idsAt - 1);
      write(ending(accountAt(data, idsAt), categoryId));
      start = lineEnd + 1;
    }
    unfinished = start < data.length ? data.subarray(start) : undefined;
    return result.subarray(0, to);
  };
}

/**
 * Every filtered transaction as CSV for Spanish Excel (UTF-8 with a byte-order mark, `;`,
 * decimal commas, dd/mm/yyyy), written as it is read, so memory stays flat whatever the
 * number of rows: on PostgreSQL one `COPY … TO STDOUT`, on PGlite a COPY per keyset batch of
 * each part (`findCsvParts`).
 */
export function streamTransactionsCsv(
  executor: Executor,
  options: {
    teamId: string;
    language: Language;
    filters: TTransactionFilters;
    sortBy: string;
    batchSize?: number;
    bufferBytes?: number;
  },
): Readable {
  const sort = parseSort(options.sortBy);
  const size = options.batchSize ?? CSV_BATCH;
  async function* chunks(): AsyncGenerator<string | Buffer> {
    yield `\uFEFF${CSV_HEADERS[options.language].join(';')}\r\n`;
    const scope = await resolveScope(executor, options.teamId, options.filters);
    const accounts = await findAccounts(executor, options.teamId, {
      accountIds: scope.accountIds ?? undefined,
    });
    const finish = csvRowFinisher(accounts, options.language);
    const copied = await copyCsvRows(executor, scope, { sort });
    if (copied) {
      for await (const chunk of copied) yield finish(chunk as Buffer);
      return;
    }
    for (const part of await findCsvParts(executor, scope, sort)) {
      let after: CsvPosition | undefined;
      for (;;) {
        const batch = await copyCsvBatch(executor, part, { sort, after, size });
        if (batch) yield finish(batch.csv);
        if (!batch?.last) break;
        after = batch.last;
      }
    }
  }
  // Room for about two batches, so the next one is read from the database while the last
  // one is still being sent: memory stays bounded, the two run side by side.
  return Readable.from(chunks(), {
    objectMode: false,
    highWaterMark: options.bufferBytes ?? CSV_BUFFER_BYTES,
  });
}

/**
 * `transactions-20261125-031500.csv`: the moment of the download on the user's clock (their
 * profile's time zone), UTC when none is given or it is not one the runtime knows.
 */
export function csvFileName(now: Date, timeZone?: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return csvFileName(now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  const stamp = `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}`;
  return `transactions-${stamp}.csv`;
}
