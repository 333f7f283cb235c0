/**
 * Numbers keyed by a pair of small non-negative integers, in one open-addressing table:
 * looking a pair up builds no string and allocates nothing.
 */
export class PairTable {
  private readonly firsts: Int32Array;
  private readonly seconds: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;

  constructor(entries: readonly (readonly [number, number, number])[]) {
    let capacity = 16;
    while (capacity < entries.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.firsts = new Int32Array(capacity);
    this.seconds = new Int32Array(capacity);
    this.values = new Int32Array(capacity).fill(-1);
    for (const [first, second, value] of entries) {
      let slot = this.slotOf(first, second);
      while (
        (this.values[slot] ?? -1) !== -1 &&
        !(this.firsts[slot] === first && this.seconds[slot] === second)
      ) {
        slot = (slot + 1) & this.mask;
      }
      this.firsts[slot] = first;
      this.seconds[slot] = second;
      this.values[slot] = value;
    }
  }

  private slotOf(first: number, second: number): number {
    return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 0x7f4a7c15, 0x85ebca77)) & this.mask;
  }

  /** The value stored for (first, second), or −1. */
  get(first: number, second: number): number {
    if (first < 0 || second < 0) return -1;
    let slot = this.slotOf(first, second);
    for (;;) {
      const value = this.values[slot] ?? -1;
      if (value === -1) return -1;
      if (this.firsts[slot] === first && this.seconds[slot] === second) return value;
      slot = (slot + 1) & this.mask;
    }
  }
}
