const DEBIT_FLAGS = new Set([
  'd',
  'dr',
  'debit',
  'debito',
  'debe',
  'cargo',
  'debet',
  'soll',
  's',
  'af',
  'outflow',
  'out',
  'kiadas',
  '-',
]);
const CREDIT_FLAGS = new Set([
  'k',
  'c',
  'cr',
  'credit',
  'credito',
  'haber',
  'h',
  'abono',
  'haben',
  'bij',
  'inflow',
  'in',
  'bevetel',
  '+',
]);
const NOT_COMPLETED = new Set([
  'declined',
  'reverted',
  'reversed',
  'denied',
  'voided',
  'expired',
  'failed',
  'cancelled',
  'canceled',
  'rejected',
  'pending',
  'rechazado',
  'rechazada',
  'anulado',
  'anulada',
  'cancelado',
  'cancelada',
  'pendiente',
  'denegado',
  'denegada',
]);

function normalizeFlag(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/** The sign a debit/credit flag (`D`/`K`, `DR`/`CR`, `Debe`/`Haber`, `Af`/`Bij`…) gives an unsigned amount; null for anything else. */
export function readDirectionFlag(text: string): -1 | 1 | null {
  const flag = normalizeFlag(text);
  if (DEBIT_FLAGS.has(flag)) return -1;
  if (CREDIT_FLAGS.has(flag)) return 1;
  return null;
}

/** True for a state that means the money did not move (pending, declined, reverted…). */
export function isNotCompletedStatus(text: string): boolean {
  return NOT_COMPLETED.has(normalizeFlag(text));
}
