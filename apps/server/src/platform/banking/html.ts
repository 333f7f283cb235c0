import type { Language } from '@app/contracts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values in a page: bank names, queries, ids are never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Lower case without accents, so "societe" finds "Société Générale". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * A whole page: styles inline (the CSP allows them), scripts only as files of our own origin
 * (`script-src 'self'`), deferred so they run once the body is there.
 */
export function renderDocument(options: {
  language: Language;
  title: string;
  style: string;
  body: string;
  scripts?: string[];
  bodyAttributes?: Record<string, string>;
}): string {
  const scripts = (options.scripts ?? [])
    .map((source) => `<script src="${escapeHtml(source)}" defer></script>`)
    .join('');
  const attributes = Object.entries(options.bodyAttributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return (
    `<!doctype html><html lang="${options.language === 'es' ? 'es' : 'en'}"><head>` +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(options.title)}</title><style>${options.style}</style>${scripts}</head>` +
    `<body${attributes}>${options.body}</body></html>`
  );
}
