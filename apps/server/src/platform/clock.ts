export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type TestClock = Clock & { set(date: Date): void; advance(milliseconds: number): void };

/** A clock tests move by hand, so expiry and retries are checked without waiting. */
export function createTestClock(start = new Date('2026-01-15T10:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
