import { StatementImportError } from './statement-import-error.js';
import type { Sheet } from './statement-types.js';

// `[^<>]*` keeps the scan linear on hostile input (no tag can run past the next `<`).
const TAG = /<(\/?)([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const COLSPAN = /\bcolspan\s*=\s*["']?(\d+)/i;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi;
const MAX_COLSPAN = 100;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  pound: '£',
  ordm: 'º',
  ordf: 'ª',
  iexcl: '¡',
  iquest: '¿',
  middot: '·',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  uuml: 'ü',
  Uuml: 'Ü',
  ccedil: 'ç',
  Ccedil: 'Ç',
  agrave: 'à',
  egrave: 'è',
  ograve: 'ò',
  auml: 'ä',
  ouml: 'ö',
  Auml: 'Ä',
  Ouml: 'Ö',
  szlig: 'ß',
};

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name] ?? entity;
  });
}

function cleanCellText(text: string): string {
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

export type HtmlReadOptions = { maxRows: number; maxColumns: number };

/**
 * The rows of the HTML tables of a document (banks export them as `.xls`) as one sheet of
 * text cells, in document order. A single linear scan of the tags: no DOM, no scripts.
 */
export function readHtmlTable(html: string, options: HtmlReadOptions): Sheet {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string[] | null = null;
  let span = 1;
  let textStart = 0;

  const closeCell = (): void => {
    if (row === null || cell === null) return;
    row.push(cleanCellText(cell.join('')));
    for (let extra = 1; extra < span; extra++) row.push('');
    if (row.length > options.maxColumns) {
      throw new StatementImportError(
        'too-many-columns',
        `Row ${String(rows.length + 1)} has more than ${String(options.maxColumns)} columns.`,
      );
    }
    cell = null;
  };
  const closeRow = (): void => {
    closeCell();
    if (row === null) return;
    rows.push(row);
    row = null;
    if (rows.length > options.maxRows) {
      throw new StatementImportError(
        'too-many-rows',
        `The file has more than ${options.maxRows.toLocaleString('en-US')} rows.`,
      );
    }
  };

  for (const match of html.matchAll(TAG)) {
    if (cell !== null) cell.push(html.slice(textStart, match.index));
    textStart = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    const isClosing = match[1] === '/';
    const attributes = match[3] ?? '';
    if (name === 'tr' || name === 'table') {
      closeRow();
      if (name === 'tr' && !isClosing) row = [];
    } else if (name === 'td' || name === 'th') {
      closeCell();
      if (isClosing) continue;
      row ??= [];
      cell = [];
      span = Math.min(MAX_COLSPAN, Math.max(1, Number(COLSPAN.exec(attributes)?.[1] ?? 1)));
      if (attributes.trimEnd().endsWith('/')) closeCell();
    } else if (name === 'br' && cell !== null) {
      cell.push(' ');
    }
  }
  closeRow();
  return { name: 'HTML', rows };
}
