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

/** How well a header names each role, 0..1 (only roles above zero). */
export function matchHeader(text: string): Map<ColumnRole, number> {
  const header = normalizeHeader(text);
  const scores = new Map<ColumnRole, number>();
  if (header.length === 0 || header.length > 8) return scores;
  const penalty = header.some((word) => PENALTY_WORDS.has(word)) ? 0.3 : 1;
  for (const [role, names] of SPLIT_NAMES) {
    const score = Math.max(0, ...names.map((name) => scoreName(header, name))) * penalty;
    if (score > 0) scores.set(role, score);
  }
  return scores;
}
