import { parseIsoDay } from './dates.js';

/** A signed movement in cents of one of several accounts. */
export type AccountMovement = { account: string; date: string; amount: number };

/**
 * How far apart the two sides of a transfer may be booked: the same day within one bank, a
 * business day or two (a weekend between) from one bank to another.
 */
export const OWN_TRANSFER_MAX_DAYS = 4;

/**
 * Which movements are one side of a transfer between two of the accounts: money out of one
 * and the same amount into another, booked at most `OWN_TRANSFER_MAX_DAYS` apart (a card
 * settled from the checking account, a sweep to savings). Seen across the accounts together,
 * such a pair is neither income nor expense. Each movement pairs once, with the nearest
 * unpaired one; amounts must match to the cent.
 */
export function findOwnTransfers(movements: readonly AccountMovement[]): boolean[] {
  const isTransfer = movements.map(() => false);
  const byAmount = new Map<number, number[]>();
  movements.forEach((movement, index) => {
    if (movement.amount === 0) return;
    const group = byAmount.get(Math.abs(movement.amount)) ?? [];
    group.push(index);
    byAmount.set(Math.abs(movement.amount), group);
  });
  const days = new Map<string, number>();
  const dayOf = (index: number): number => {
    const date = movements[index]?.date ?? '';
    let day = days.get(date);
    if (day === undefined) {
      day = parseIsoDay(date, `movements[${String(index)}].date`);
      days.set(date, day);
    }
    return day;
  };
  for (const group of byAmount.values()) {
    const byDay = [...group].sort((a, b) => dayOf(a) - dayOf(b));
    const outflows = byDay.filter((index) => (movements[index]?.amount ?? 0) < 0);
    const inflows = byDay.filter((index) => (movements[index]?.amount ?? 0) > 0);
    // Both sides by day: an outflow looks only at the inflows within reach of its day.
    let first = 0;
    for (const out of outflows) {
      const sentDay = dayOf(out);
      while (
        first < inflows.length &&
        dayOf(inflows[first] ?? out) < sentDay - OWN_TRANSFER_MAX_DAYS
      ) {
        first += 1;
      }
      let best: number | undefined;
      let bestGap = OWN_TRANSFER_MAX_DAYS + 1;
      for (let at = first; at < inflows.length; at += 1) {
        const into = inflows[at] ?? out;
        const gap = dayOf(into) - sentDay;
        if (gap > OWN_TRANSFER_MAX_DAYS) break;
        const isOtherAccount = movements[into]?.account !== movements[out]?.account;
        if (isOtherAccount && !isTransfer[into] && Math.abs(gap) < bestGap) {
          best = into;
          bestGap = Math.abs(gap);
        }
      }
      if (best !== undefined) {
        isTransfer[out] = true;
        isTransfer[best] = true;
      }
    }
  }
  return isTransfer;
}
