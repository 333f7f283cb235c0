import { describe, expect, it } from 'vitest';
import { findOwnTransfers, OWN_TRANSFER_MAX_DAYS, type AccountMovement } from './own-transfers.js';

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('findOwnTransfers', () => {
  it('pairs money out of one account with the same amount into another', () => {
    const movements: AccountMovement[] = [
      { account: 'checking', date: '2026-03-02', amount: -186_302 },
      { account: 'card', date: '2026-03-02', amount: 186_302 },
      { account: 'checking', date: '2026-03-05', amount: -120_000 },
      { account: 'checking', date: '2026-03-06', amount: 250_000 },
    ];
    expect(findOwnTransfers(movements)).toEqual([true, true, false, false]);
  });

  it('leaves the same amount in and out of one account unpaired', () => {
    const movements: AccountMovement[] = [
      { account: 'checking', date: '2026-03-02', amount: -50_000 },
      { account: 'checking', date: '2026-03-02', amount: 50_000 },
    ];
    expect(findOwnTransfers(movements)).toEqual([false, false]);
  });

  it(`pairs sides booked up to ${String(OWN_TRANSFER_MAX_DAYS)} days apart, not further`, () => {
    const sent = { account: 'checking', date: '2026-03-06', amount: -1_000_000 };
    const within = { account: 'savings', date: shiftDate(sent.date, OWN_TRANSFER_MAX_DAYS) };
    const beyond = { account: 'savings', date: shiftDate(sent.date, OWN_TRANSFER_MAX_DAYS + 1) };
    expect(findOwnTransfers([sent, { ...within, amount: 1_000_000 }])).toEqual([true, true]);
    expect(findOwnTransfers([sent, { ...beyond, amount: 1_000_000 }])).toEqual([false, false]);
    const before = { account: 'savings', date: shiftDate(sent.date, -OWN_TRANSFER_MAX_DAYS) };
    expect(findOwnTransfers([{ ...before, amount: 1_000_000 }, sent])).toEqual([true, true]);
  });

  it('pairs each movement once, with the nearest day', () => {
    const movements: AccountMovement[] = [
      { account: 'savings', date: '2026-03-01', amount: 300_000 },
      { account: 'checking', date: '2026-03-03', amount: -300_000 },
      { account: 'savings', date: '2026-03-03', amount: 300_000 },
      { account: 'checking', date: '2026-03-04', amount: -300_000 },
      { account: 'checking', date: '2026-03-04', amount: -300_000 },
    ];
    // The first outflow takes the inflow of its own day; the second the one left; the third none.
    expect(findOwnTransfers(movements)).toEqual([true, true, true, true, false]);
  });

  it('matches amounts to the cent', () => {
    const movements: AccountMovement[] = [
      { account: 'checking', date: '2026-03-02', amount: -186_302 },
      { account: 'card', date: '2026-03-02', amount: 186_301 },
    ];
    expect(findOwnTransfers(movements)).toEqual([false, false]);
  });
});
