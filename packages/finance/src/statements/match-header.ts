import type { ColumnRole } from './statement-types.js';

/** Column names banks use, per role, normalised (lower case, no accents, words split on anything else). Spanish and English first; common European ones too. */
const HEADER_NAMES: Readonly<Record<ColumnRole, readonly string[]>> = {
  operationDate: [
    'fecha',
    'fecha operacion',
    'fecha de operacion',
    'fecha de la operacion',
    'f operacion',
    'f operativa',
    'fecha operativa',
    'fecha ctble',
    'fecha contable',
    'f contable',
    'fecha movimiento',
    'fecha de movimiento',
    'fecha transaccion',
    'fecha de transaccion',
    'date',
    'transaction date',
    'trans date',
    'booking date',
    'started date',
    'created',
    'datum',
    'buchungstag',
    'buchungsdatum',
    'date operation',
    'date d operation',
    'date de l operation',
    'tranzakcio datuma',
    'data',
    'data operazione',
    'transactiedatum',
    'boekdatum',
  ],
  valueDate: [
    'fecha valor',
    'f valor',
    'fecha de valor',
    'value date',
    'valuta',
    'valutadatum',
    'wertstellung',
    'date de valeur',
    'date valeur',
    'erteknap',
    'posted date',
    'posting date',
    'completed date',
    'data valuta',
    'rentedatum',
  ],
  description: [
    'concepto',
    'concepto ampliado',
    'descripcion',
    'description',
    'detalle',
    'detalles',
    'details',
    'observaciones',
    'movimiento',
    'beneficiario',
    'ordenante',
    'payee',
    'name',
    'beneficiary',
    'counterparty',
    'partner name',
    'payment reference',
    'remittance information',
    'booking text',
    'buchungstext',
    'verwendungszweck',
    'vwz',
    'auftraggeber empfanger',
    'omschrijving',
    'naam tegenpartij',
    'mededeling',
    'vrije mededeling',
    'libelle',
    'memo',
    'narrative',
    'merchant',
    'payment purpose',
    'kozlemeny',
    'partner neve',
    'descrizione',
    'causale',
  ],
  amount: [
    'importe',
    'amount',
    'cantidad',
    'monto',
    'bedrag',
    'betrag',
    'montant',
    'importo',
    'valor',
    'osszeg',
    'tranzakcio osszege',
    'transaction amount',
    'umsatz',
    'net',
    'net amount',
    'neto',
    'importe neto',
    'netto',
    'gross',
    'gross amount',
    'bruto',
    'importe bruto',
    'brutto',
  ],
  debit: [
    'cargo',
    'cargos',
    'debe',
    'debito',
    'debit',
    'debits',
    'debit amount',
    'debet',
    'pagos',
    'gastos',
    'expense',
    'expenses',
    'outgoings',
    'salidas',
    'withdrawal',
    'withdrawals',
    'money out',
    'paid out',
    'out',
    'soll',
    'ausgang',
    'af',
  ],
  credit: [
    'abono',
    'abonos',
    'haber',
    'credito',
    'credit',
    'credits',
    'credit amount',
    'ingresos',
    'income',
    'incomes',
    'entradas',
    'deposit',
    'deposits',
    'money in',
    'paid in',
    'in',
    'haben',
    'eingang',
    'bij',
  ],
  direction: [
    'd k',
    'd c',
    'c d',
    'dr cr',
    'cr dr',
    'debit credit',
    'credit debit',
    'debe haber',
    'cargo abono',
    'soll haben',
    'af bij',
    'bevetel kiadas',
    'signo',
    'sign',
  ],
  balance: [
    'saldo',
    'balance',
    'disponible',
    'saldo disponible',
    'saldo contable',
    'solde',
    'kontostand',
    'egyenleg',
    'running balance',
  ],
  status: ['state', 'status', 'estado', 'transaction status'],
  fee: ['fee', 'fees', 'comision', 'comisiones', 'commission', 'gebuhr', 'gebuhren'],
};

/** Words that make a money column something else: a foreign-currency amount, a fee, a rate. */
const PENALTY_WORDS = new Set([
  'original',
  'orig',
  'foreign',
  'extranjera',
  'extranjero',
  'local',
  'fee',
  'fees',
  'comision',
  'commission',
  'cambio',
  'exchange',
  'rate',
]);

/** The amounts after and before fees in a payment-service export (PayPal, Stripe). */
const NET_WORDS = new Set(['net', 'neto', 'neta', 'netto']);
const GROSS_WORDS = new Set(['gross', 'bruto', 'bruta', 'brutto']);

// "Expenses (-)", "Importe (+)": the sign says which half of a split amount the column is.
const SIGN_MARK = /\(\s*([+\-−])\s*\)/u;
const SIGN_MARK_SCORE = 0.8;

const CURRENCY_WORDS = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'sgd',
  'huf',
  'ltl',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
]);

const ROLES = Object.keys(HEADER_NAMES) as ColumnRole[];
const SPLIT_NAMES = ROLES.map(
  (role) => [role, HEADER_NAMES[role].map((name) => name.split(' '))] as const,
);

/** Header text as comparable words: lower case, accents removed, currency codes dropped. */
export function normalizeHeader(text: string): string[] {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const withoutCurrency = words.filter((word) => !CURRENCY_WORDS.has(word));
  return withoutCurrency.length > 0 ? withoutCurrency : words;
}

function isWordMatch(headerWord: string, nameWord: string): 'exact' | 'loose' | null {
  if (headerWord === nameWord) return 'exact';
  if (
    nameWord.length >= 3 &&
    headerWord.startsWith(nameWord) &&
    headerWord.length - nameWord.length <= 2
  ) {
    return 'loose';
  }
  return null;
}

function scoreName(header: string[], name: string[]): number {
  let best = 0;
  for (let start = 0; start + name.length <= header.length; start++) {
    let isExact = true;
    let isMatch = true;
    for (let index = 0; index < name.length && isMatch; index++) {
      const match = isWordMatch(header[start + index] ?? '', name[index] ?? '');
      if (match === null) isMatch = false;
      else if (match === 'loose') isExact = false;
    }
    if (!isMatch) continue;
    const position = header.length === name.length ? 1 : start === 0 ? 0.9 : 0.8;
    best = Math.max(best, (isExact ? 1 : 0.85) * position);
  }
  return best;
}

export function isNetAmountHeader(text: string): boolean {
  return normalizeHeader(text).some((word) => NET_WORDS.has(word));
}

export function isGrossAmountHeader(text: string): boolean {
  return normalizeHeader(text).some((word) => GROSS_WORDS.has(word));
}

/** A money header marked `(-)` or `(+)` names the debit or the credit column, whatever its words. */
function applySignMark(text: string, scores: Map<ColumnRole, number>): void {
  const mark = SIGN_MARK.exec(text)?.[1];
  if (mark === undefined) return;
  const side: ColumnRole = mark === '+' ? 'credit' : 'debit';
  const money = (['amount', 'debit', 'credit'] as const).map((role) => scores.get(role) ?? 0);
  scores.delete('amount');
  scores.delete(side === 'debit' ? 'credit' : 'debit');
  scores.set(side, Math.max(SIGN_MARK_SCORE, ...money));
}

/** How well a header names each role, 0..1 (only roles above zero). */
export function matchHeader(text: string): Map<ColumnRole, number> {
  const header = normalizeHeader(text);
  const scores = new Map<ColumnRole, number>();
  if (header.length === 0 || header.length > 8) return scores;
  const penalty = header.some((word) => PENALTY_WORDS.has(word)) ? 0.3 : 1;
  for (const [role, names] of SPLIT_NAMES) {
    const best = Math.max(0, ...names.map((name) => scoreName(header, name)));
    const score = role === 'fee' ? best : best * penalty;
    if (score > 0) scores.set(role, score);
  }
  applySignMark(text, scores);
  return scores;
}
