import type { Language } from '@app/contracts';
import type { TBank } from '@app/contracts/financial-viewer';
import { escapeHtml, foldForSearch, renderDocument } from './html.js';
import { BANK_WIDGET_SCRIPTS } from './widget-assets.js';

export type FlowOutcome = 'completed' | 'cancelled' | 'failed' | 'planExceeded';

const TEXTS = {
  'en-US': {
    chooserTitle: 'Connect your bank',
    chooserLead: 'Choose your bank to share your accounts with Neuron Platform.',
    searchLabel: 'Search for your bank',
    searchPlaceholder: 'Bank name or country',
    search: 'Search',
    noResults: 'No results found',
    secure: 'Read-only access. Your bank credentials are never shared with us.',
    closeHint: 'You can close this window.',
    close: 'Close window',
    outcomes: {
      completed: {
        title: 'Your bank is connected',
        text: 'Your accounts are being imported into Neuron Platform.',
      },
      cancelled: { title: 'Connection cancelled', text: 'No account was shared.' },
      failed: {
        title: 'The connection could not be completed',
        text: 'This link has expired or was already used. Start again from Neuron Platform.',
      },
      planExceeded: {
        title: 'Your plan has no bank connections left',
        text: 'No account was added. Remove a connection or upgrade your plan in Neuron Platform.',
      },
    },
  },
  es: {
    chooserTitle: 'Conecta tu banco',
    chooserLead: 'Elige tu banco para compartir tus cuentas con Neuron Platform.',
    searchLabel: 'Busca tu banco',
    searchPlaceholder: 'Nombre del banco o país',
    search: 'Buscar',
    noResults: 'No se han encontrado resultados',
    secure: 'Acceso de solo lectura. Nunca compartimos tus claves del banco.',
    closeHint: 'Puedes cerrar esta ventana.',
    close: 'Cerrar ventana',
    outcomes: {
      completed: {
        title: 'Tu banco está conectado',
        text: 'Estamos importando tus cuentas en Neuron Platform.',
      },
      cancelled: { title: 'Conexión cancelada', text: 'No se ha compartido ninguna cuenta.' },
      failed: {
        title: 'No se ha podido completar la conexión',
        text: 'Este enlace ha caducado o ya se usó. Vuelve a empezar desde Neuron Platform.',
      },
      planExceeded: {
        title: 'Tu plan no tiene más conexiones bancarias',
        text: 'No se ha añadido ninguna cuenta. Elimina una conexión o mejora tu plan en Neuron Platform.',
      },
    },
  },
} as const satisfies Record<Language, unknown>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f5fb;color:#1d2433}
main{max-width:480px;margin:0 auto;padding:24px 16px}
h1{font-size:1.35rem;margin:0 0 4px}
p{margin:0 0 16px;color:#4a5264;line-height:1.45}
form{display:flex;gap:8px;margin-bottom:12px}
label{display:block;font-size:.85rem;font-weight:600;margin-bottom:6px}
input[type=search]{flex:1;min-width:0;padding:10px 12px;font-size:1rem;border:1px solid #c5cad6;border-radius:8px}
input[type=search]:focus{outline:2px solid #3949ab;border-color:#3949ab}
button{padding:10px 16px;font-size:1rem;border:0;border-radius:8px;background:#3949ab;color:#fff;cursor:pointer}
ul{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #e1e4ec;border-radius:12px;overflow:hidden}
li+li{border-top:1px solid #eceef3}
li a{display:flex;align-items:center;gap:12px;padding:12px 14px;color:inherit;text-decoration:none}
li a:hover,li a:focus{background:#eef0fb}
li img{width:40px;height:40px;border-radius:9px;flex:none}
.name{flex:1;font-weight:500}
.country{font-size:.8rem;font-weight:600;color:#5b6475;background:#eceef3;border-radius:6px;padding:2px 6px}
.empty{padding:16px;text-align:center;color:#5b6475}
.secure{margin-top:16px;font-size:.85rem;text-align:center}
.result{text-align:center;padding-top:48px}
.mark{width:64px;height:64px;border-radius:50%;margin:0 auto 16px;display:flex;align-items:center;justify-content:center;font-size:2rem;color:#fff}
.completed{background:#2e7d32}.cancelled{background:#78909c}.failed,.planExceeded{background:#c62828}
`;

function bankItem(operationId: string, bank: TBank, query: string): string {
  const searchText = foldForSearch(`${bank.bank_name} ${bank.bank_code} ${bank.country_code}`);
  const href = `/api/financialviewer/widget/${encodeURIComponent(operationId)}/bank/${encodeURIComponent(bank.bank_code)}`;
  return (
    `<li data-search="${escapeHtml(searchText)}"${searchText.includes(query) ? '' : ' hidden'}>` +
    `<a href="${escapeHtml(href)}"><img src="${escapeHtml(bank.logo)}" alt="">` +
    `<span class="name">${escapeHtml(bank.bank_name)}</span>` +
    `<span class="country">${escapeHtml(bank.country_code)}</span></a></li>`
  );
}

/**
 * The widget's first page: the banks, with a search box. The search is a GET form (`?q=`)
 * that filters on the server; with scripts on, the list also filters as the user types.
 */
export function renderBankChooserPage(options: {
  operationId: string;
  banks: TBank[];
  language: Language;
  query: string;
}): string {
  const texts = TEXTS[options.language];
  const query = foldForSearch(options.query.trim());
  const items = options.banks.map((bank) => bankItem(options.operationId, bank, query));
  const matches = options.banks.filter((bank) =>
    foldForSearch(`${bank.bank_name} ${bank.bank_code} ${bank.country_code}`).includes(query),
  ).length;
  const body =
    `<main><h1>${texts.chooserTitle}</h1><p>${texts.chooserLead}</p>` +
    `<label for="bank-search">${texts.searchLabel}</label>` +
    '<form method="get" role="search">' +
    `<input type="search" id="bank-search" name="q" value="${escapeHtml(options.query)}" placeholder="${texts.searchPlaceholder}" autocomplete="off" maxlength="80">` +
    `<button type="submit" id="bank-search-submit">${texts.search}</button></form>` +
    `<ul>${items.join('')}</ul>` +
    `<p id="no-results" class="empty"${matches > 0 ? ' hidden' : ''}>${texts.noResults}</p>` +
    `<p class="secure">${texts.secure}</p></main>`;
  return renderDocument({
    language: options.language,
    title: texts.chooserTitle,
    style: STYLE,
    body,
    scripts: [BANK_WIDGET_SCRIPTS.bankSearch],
  });
}

const OUTCOME_MARKS: Record<FlowOutcome, string> = {
  completed: '&#10003;',
  cancelled: '&#8211;',
  failed: '!',
  planExceeded: '!',
};

/**
 * The widget's last page. Its script posts 'flow completed' (or 'flow cancelled', 'flow plan
 * exceeded') to the web
 * app that opened the popup and closes it; the text stays for when the browser keeps it open.
 */
export function renderFlowResultPage(options: {
  outcome: FlowOutcome;
  language: Language;
}): string {
  const texts = TEXTS[options.language];
  const outcome = texts.outcomes[options.outcome];
  const body =
    `<main class="result"><div class="mark ${options.outcome}" aria-hidden="true">${OUTCOME_MARKS[options.outcome]}</div>` +
    `<h1>${outcome.title}</h1><p>${outcome.text}</p><p>${texts.closeHint}</p>` +
    `<button type="button" id="close-window">${texts.close}</button></main>`;
  return renderDocument({
    language: options.language,
    title: outcome.title,
    style: STYLE,
    body,
    scripts: [BANK_WIDGET_SCRIPTS.flowResult],
    bodyAttributes: { 'data-outcome': options.outcome },
  });
}
