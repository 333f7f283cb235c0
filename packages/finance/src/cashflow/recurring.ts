import {
  civilFromDay,
  civilMonthOf,
  dayFromCivil,
  daysInMonth,
  monthIndexOf,
  weekdayOf,
} from './dates.js';
import type { Movement } from './movements.js';

/**
 * A calendar rule: every `step` days from day `origin`, or every `step` months from month
 * index `origin` on day `day` of the month (clamped to short months) or, with `fromEnd`,
 * `day` days before the month's last day.
 */
export type Schedule =
  | { unit: 'day'; origin: number; step: number }
  | { unit: 'month'; origin: number; step: number; day: number; fromEnd: boolean };

/** A payment or income that repeats on a schedule with a similar amount. */
export type RecurringSeries = {
  schedule: Schedule;
  /** Moves an occurrence that falls on a weekend to the Friday before or the Monday after. */
  weekendRoll: 'none' | 'before' | 'after';
  /** Signed cents expected at each future occurrence (median of the last three). */
  amount: number;
  firstDay: number;
  lastDay: number;
  /** False when the series stopped before the end of the history. */
  isActive: boolean;
  /** Indexes of the movements that belong to it. */
  members: number[];
};

type CadenceRule = {
  unit: 'day' | 'month';
  step: number;
  /** How many days an occurrence may stray from its nominal date. */
  window: number;
  minHits: number;
  /** Nominal dates at the end of the history that may pass without an occurrence. */
  maxTailMisses: number;
};

const CADENCES: readonly CadenceRule[] = [
  { unit: 'day', step: 7, window: 1, minHits: 4, maxTailMisses: 1 },
  { unit: 'day', step: 14, window: 2, minHits: 4, maxTailMisses: 1 },
  { unit: 'month', step: 1, window: 5, minHits: 3, maxTailMisses: 1 },
  { unit: 'month', step: 3, window: 5, minHits: 3, maxTailMisses: 0 },
  { unit: 'month', step: 12, window: 7, minHits: 2, maxTailMisses: 0 },
];

/** By default, amounts of one series stay within this fraction of the seed's amount. */
const AMOUNT_TOLERANCE = 0.2;
const MIN_HIT_RATE = 0.75;
/**
 * A series is kept only if its hits are unlikely to be chance: the probability that its
 * windows would catch as many similar movements at the density of those it does not explain
 * must stay below this. It is small because every movement seeds several hypotheses.
 */
const MAX_CHANCE_PROBABILITY = 1e-6;
/**
 * Where unexplained similar movements are this common (expected per window), a "series" is
 * part of a dense flow, which the irregular-flow profile models.
 */
const MAX_EXPECTED_CHANCE_MATCHES = 0.3;
/**
 * Seeds with more similar movements than this per window (series included) are not scanned;
 * it leaves room for two parallel streams of one amount (two identical standing orders).
 */
const MAX_SCANNED_DENSITY = 1;
/** A window holding this many similar movements is no evidence of a series. */
const CROWDED_WINDOW = 3;
/** Two nominal dates in a row without an occurrence end a series. */
const MAX_CONSECUTIVE_MISSES = 2;

function scheduleTarget(schedule: Schedule, k: number): number {
  if (schedule.unit === 'day') return schedule.origin + k * schedule.step;
  const { year, month } = civilMonthOf(schedule.origin + k * schedule.step);
  const length = daysInMonth(year, month);
  const day = schedule.fromEnd ? length - schedule.day : Math.min(schedule.day, length);
  return dayFromCivil(year, month, Math.max(1, day));
}

function rollWeekend(day: number, roll: RecurringSeries['weekendRoll']): number {
  const weekday = weekdayOf(day);
  if (roll === 'none' || weekday < 5) return day;
  return roll === 'before' ? day - (weekday - 4) : day + (7 - weekday);
}

/** The dates (day numbers) of the series' occurrences from `fromDay` to `toDay`, both included. */
export function listOccurrences(series: RecurringSeries, fromDay: number, toDay: number): number[] {
  const { schedule } = series;
  let k = firstStepNear(schedule, fromDay) - 1;
  const days: number[] = [];
  for (;;) {
    const nominal = scheduleTarget(schedule, k);
    if (nominal > toDay + 3) return days;
    const day = rollWeekend(nominal, series.weekendRoll);
    if (day >= fromDay && day <= toDay) days.push(day);
    k += 1;
  }
}

/** A step index whose nominal date is at or before `day` (at most a few steps before). */
function firstStepNear(schedule: Schedule, day: number): number {
  if (schedule.unit === 'day') return Math.floor((day - schedule.origin) / schedule.step);
  const months = monthIndexOf(civilFromDay(day)) - schedule.origin;
  return Math.floor(months / schedule.step) - 1;
}

type Hit = { k: number; index: number };

type DetectionContext = {
  movements: readonly Movement[];
  claimed: Uint8Array;
  /** The movements of the seed's sign and size range (`similarRange`), as a set of indexes. */
  similar: SimilarSet;
  /** Per day from `firstDay`, the index of the first movement on or after it (movements are by day). */
  dayStart: Int32Array;
  firstDay: number;
  endDay: number;
  /** Incoming and outgoing movements: their sizes ascending, and their indexes in that order. */
  incoming: SizeIndex;
  outgoing: SizeIndex;
  /** Per history day, the last `stamp` that covered it (saves clearing a buffer per candidate). */
  coveredStamp: Int32Array;
  stamp: number;
  /** How many eligible movements the last `findMatch` window held. */
  windowMatches: number;
  /** Amounts of one series stay within this fraction of the seed's amount. */
  amountTolerance: number;
};

type SizeIndex = { sizes: Float64Array; indexes: Int32Array };

/**
 * A bit per movement index: the positions `from`–`to` of a size index. Seeds come largest
 * first, so each sign's range only slides down its size index: moving it sets and clears a
 * few bits, where building each seed's list anew (and sorting it by day) was a large part of
 * a forecast's time.
 */
type SimilarSet = { bits: Uint32Array; index: SizeIndex; from: number; to: number };

function setBits(set: SimilarSet, from: number, to: number, isMember: boolean): void {
  for (let position = from; position < to; position += 1) {
    const index = set.index.indexes[position] ?? 0;
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    set.bits[word] = isMember ? (set.bits[word] ?? 0) | bit : (set.bits[word] ?? 0) & ~bit;
  }
}

/** Makes `set` hold the positions `from`–`to` of its size index, changing only the edges. */
function moveSimilarSet(set: SimilarSet, from: number, to: number): void {
  setBits(set, set.from, Math.min(set.to, from), false);
  setBits(set, Math.max(set.from, to), set.to, false);
  setBits(set, from, Math.min(to, set.from), true);
  setBits(set, Math.max(from, set.to), to, true);
  set.from = from;
  set.to = to;
}

function emptySimilarSet(index: SizeIndex, count: number): SimilarSet {
  return { bits: new Uint32Array((count + 31) >>> 5), index, from: 0, to: 0 };
}

/** `dayStart` of movements sorted by day, from the first movement's day to the last's. */
function indexDays(movements: readonly Movement[], firstDay: number): Int32Array {
  const lastDay = movements.at(-1)?.day ?? firstDay;
  const dayStart = new Int32Array(lastDay - firstDay + 2);
  let index = 0;
  for (let day = 0; day < dayStart.length; day += 1) {
    while (index < movements.length && (movements[index]?.day ?? 0) - firstDay < day) index += 1;
    dayStart[day] = index;
  }
  return dayStart;
}

/**
 * Indexes of the positive `sizes` (whole cents), by size (ascending or descending), ties in
 * index order. Each is sorted as one number, ±size × count + index, by the typed array's
 * native numeric sort: with a comparator, these sorts of every movement were a large part of
 * a forecast's time. Sizes too large for that exact key take the comparator.
 */
function sortIndexes(sizes: Float64Array, direction: 1 | -1): Int32Array {
  const count = sizes.length;
  let selected = 0;
  let largest = 0;
  for (let index = 0; index < count; index += 1) {
    const value = sizes[index] ?? 0;
    if (value <= 0) continue;
    selected += 1;
    largest = Math.max(largest, value);
  }
  const keys = new Float64Array(selected);
  const isExact = (largest + 1) * count <= Number.MAX_SAFE_INTEGER;
  let next = 0;
  for (let index = 0; index < count; index += 1) {
    const value = sizes[index] ?? 0;
    // The index is the key modulo count, and breaks ties.
    if (value > 0) keys[next++] = isExact ? direction * value * count + index : index;
  }
  if (!isExact) {
    return Int32Array.from(keys).sort(
      (a, b) => direction * ((sizes[a] ?? 0) - (sizes[b] ?? 0)) || a - b,
    );
  }
  keys.sort();
  const indexes = new Int32Array(selected);
  for (let position = 0; position < selected; position += 1) {
    const key = keys[position] ?? 0;
    indexes[position] = ((key % count) + count) % count;
  }
  return indexes;
}

/** The movements' amounts times `sign` (1, -1), or their absolute values (0). */
function sizesOf(movements: readonly Movement[], sign: 1 | -1 | 0): Float64Array {
  const sizes = new Float64Array(movements.length);
  for (let index = 0; index < movements.length; index += 1) {
    const amount = movements[index]?.amount ?? 0;
    sizes[index] = sign === 0 ? Math.abs(amount) : amount * sign;
  }
  return sizes;
}

function indexBySize(movements: readonly Movement[], sign: 1 | -1): SizeIndex {
  const sizes = sizesOf(movements, sign);
  const indexes = sortIndexes(sizes, 1);
  return { sizes: Float64Array.from(indexes, (index) => sizes[index] ?? 0), indexes };
}

/** Index of the first value ≥ `value` in an ascending array. */
function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range, in a size index, of the movements within tolerance of `amount`. */
function similarRange(
  context: DetectionContext,
  amount: number,
): { index: SizeIndex; from: number; to: number } {
  const index = amount > 0 ? context.incoming : context.outgoing;
  const size = Math.abs(amount);
  const tolerance = size * context.amountTolerance;
  return {
    index,
    from: lowerBound(index.sizes, size - tolerance - 0.5),
    to: lowerBound(index.sizes, size + tolerance + 0.5),
  };
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
function binomialTail(n: number, k: number, p: number): number {
  if (p <= 0) return k <= 0 ? 1 : 0;
  if (p >= 1) return 1;
  let logChoose = 0;
  for (let i = 0; i < k; i += 1) logChoose += Math.log((n - i) / (i + 1));
  let tail = 0;
  for (let i = k; i <= n; i += 1) {
    tail += Math.exp(logChoose + i * Math.log(p) + (n - i) * Math.log(1 - p));
    logChoose += Math.log((n - i) / (i + 1));
  }
  return Math.min(1, tail);
}

/** Expected similar movements per window of the rule, from `count` over the history. */
function windowDensity(context: DetectionContext, rule: CadenceRule, count: number): number {
  return (Math.max(0, count) * (2 * rule.window + 1)) / (context.endDay - context.firstDay + 1);
}

/**
 * Similar movements that the candidate does not explain: unclaimed, of the seed's sign and
 * size, and outside the windows of its nominal dates (a twin standing order on the same
 * dates is a second series, not chance).
 */
function countUnexplained(
  context: DetectionContext,
  options: {
    seed: Movement;
    schedule: Schedule;
    rule: CadenceRule;
    firstK: number;
    lastK: number;
  },
): number {
  const { seed, schedule, rule } = options;
  context.stamp += 1;
  const { coveredStamp, stamp } = context;
  for (let k = options.firstK; k <= options.lastK; k += 1) {
    const target = scheduleTarget(schedule, k) - context.firstDay;
    const from = Math.max(0, target - rule.window);
    const to = Math.min(coveredStamp.length - 1, target + rule.window);
    for (let day = from; day <= to; day += 1) coveredStamp[day] = stamp;
  }
  const { index, from, to } = similarRange(context, seed.amount);
  let count = 0;
  for (let position = from; position < to; position += 1) {
    const movementIndex = index.indexes[position] ?? 0;
    const day = (context.movements[movementIndex]?.day ?? 0) - context.firstDay;
    if (context.claimed[movementIndex] === 0 && coveredStamp[day] !== stamp) count += 1;
  }
  return count;
}

/** The index of the first movement on or after `day`. */
function firstMovementFrom(context: DetectionContext, day: number): number {
  const offset = day - context.firstDay;
  if (offset <= 0) return 0;
  return offset >= context.dayStart.length
    ? context.movements.length
    : (context.dayStart[offset] ?? 0);
}

function findMatch(
  context: DetectionContext,
  target: number,
  window: number,
  seedAmount: number,
): number | undefined {
  const { movements } = context;
  const { bits } = context.similar;
  // The movements of the window's days, in index (so day) order.
  const start = firstMovementFrom(context, target - window);
  const end = firstMovementFrom(context, target + window + 1);
  context.windowMatches = 0;
  let best: number | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let word = start >>> 5; word << 5 < end; word += 1) {
    let members = (bits[word] ?? 0) & (word === start >>> 5 ? -1 << (start & 31) : -1);
    while (members !== 0) {
      const index = (word << 5) + 31 - Math.clz32(members & -members);
      members &= members - 1;
      if (index >= end) break;
      const movement = movements[index];
      if (movement === undefined || context.claimed[index] === 1) continue;
      const gap = Math.abs(movement.amount - seedAmount) / Math.abs(seedAmount);
      if (gap > context.amountTolerance) continue;
      context.windowMatches += 1;
      const score = gap + Math.abs(movement.day - target) * 1e-3;
      if (score < bestScore) {
        bestScore = score;
        best = index;
      }
    }
  }
  return best;
}

type Candidate = { schedule: Schedule; rule: CadenceRule; hits: Hit[]; tailMisses: number };

/** Walks the nominal dates outwards from the seed (k = 0) until two are missed in a row. */
function scanSchedule(
  context: DetectionContext,
  seedIndex: number,
  schedule: Schedule,
  rule: CadenceRule,
): Candidate | undefined {
  const seed = context.movements[seedIndex];
  if (seed === undefined) return undefined;
  const hits: Hit[] = [{ k: 0, index: seedIndex }];
  let misses = 0;
  let tailMisses = 0;
  let windows = 0;
  let crowded = 0;
  /** False once windows with several similar movements show a dense flow, not a series. */
  const isDistinct = (): boolean => {
    windows += 1;
    if (context.windowMatches >= CROWDED_WINDOW) crowded += 1;
    return crowded < 3 || crowded * 4 <= windows;
  };
  for (let k = 1; ; k += 1) {
    const target = scheduleTarget(schedule, k);
    // A window that opens before the end of the history can hold an occurrence that came early.
    if (target - rule.window > context.endDay) break;
    const index = findMatch(context, target, rule.window, seed.amount);
    if (!isDistinct()) return undefined;
    // A window cut by the end of the history counts when it holds the movement, not when it misses.
    if (index === undefined && target + rule.window > context.endDay) break;
    if (index === undefined) {
      misses += 1;
      tailMisses += 1;
      if (tailMisses >= MAX_CONSECUTIVE_MISSES) break;
    } else {
      hits.push({ k, index });
      tailMisses = 0;
    }
  }
  if (tailMisses > 0) misses -= tailMisses;
  let headMisses = 0;
  for (let k = -1; ; k -= 1) {
    const target = scheduleTarget(schedule, k);
    if (target + rule.window < context.firstDay) break;
    const index = findMatch(context, target, rule.window, seed.amount);
    if (!isDistinct()) return undefined;
    if (index === undefined) {
      headMisses += 1;
      if (headMisses >= MAX_CONSECUTIVE_MISSES) break;
    } else {
      misses += headMisses;
      headMisses = 0;
      hits.unshift({ k, index });
    }
  }
  if (hits.length < rule.minHits) return undefined;
  const targets = hits.length + misses;
  if (hits.length / targets < MIN_HIT_RATE) return undefined;
  // A seed at the edge of the tolerance would gather a stream of other amounts; that stream
  // is found from its own members.
  const typical = median(hits.map((hit) => context.movements[hit.index]?.amount ?? 0));
  if (Math.abs(seed.amount - typical) > (context.amountTolerance / 2) * Math.abs(typical)) {
    return undefined;
  }
  const chance = windowDensity(
    context,
    rule,
    countUnexplained(context, {
      seed,
      schedule,
      rule,
      firstK: hits[0]?.k ?? 0,
      lastK: (hits.at(-1)?.k ?? 0) + tailMisses,
    }),
  );
  if (
    chance > MAX_EXPECTED_CHANCE_MATCHES ||
    binomialTail(targets, hits.length, 1 - Math.exp(-chance)) > MAX_CHANCE_PROBABILITY
  ) {
    return undefined;
  }
  return { schedule, rule, hits, tailMisses };
}

function seedSchedules(seed: Movement, rule: CadenceRule): Schedule[] {
  if (rule.unit === 'day') return [{ unit: 'day', origin: seed.day, step: rule.step }];
  const civil = civilFromDay(seed.day);
  const origin = monthIndexOf(civil);
  const schedules: Schedule[] = [
    { unit: 'month', origin, step: rule.step, day: civil.day, fromEnd: false },
  ];
  const fromEnd = daysInMonth(civil.year, civil.month) - civil.day;
  if (civil.day >= 28) {
    schedules.push({ unit: 'month', origin, step: rule.step, day: fromEnd, fromEnd: true });
  }
  return schedules;
}

function explainedAmount(context: DetectionContext, candidate: Candidate): number {
  let total = 0;
  for (const hit of candidate.hits) total += Math.abs(context.movements[hit.index]?.amount ?? 0);
  return total;
}

function median(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[middle] ?? 0;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Moves the schedule's day by the typical offset of the occurrences from their nominal dates. */
function centreSchedule(context: DetectionContext, candidate: Candidate): Schedule {
  const offsets = candidate.hits.map(
    (hit) => (context.movements[hit.index]?.day ?? 0) - scheduleTarget(candidate.schedule, hit.k),
  );
  const shift = Math.round(median(offsets));
  const { schedule } = candidate;
  if (shift === 0) return schedule;
  if (schedule.unit === 'day') return { ...schedule, origin: schedule.origin + shift };
  const day = schedule.fromEnd
    ? Math.max(0, schedule.day - shift)
    : Math.min(31, Math.max(1, schedule.day + shift));
  return { ...schedule, day };
}

function detectWeekendRoll(
  context: DetectionContext,
  schedule: Schedule,
  hits: readonly Hit[],
): RecurringSeries['weekendRoll'] {
  let before = 0;
  let after = 0;
  for (const hit of hits) {
    const nominal = scheduleTarget(schedule, hit.k);
    if (weekdayOf(nominal) < 5) continue;
    const day = context.movements[hit.index]?.day ?? nominal;
    if (day === nominal) return 'none';
    if (day < nominal) before += 1;
    else after += 1;
  }
  if (before === 0 && after === 0) return 'none';
  return before >= after ? 'before' : 'after';
}

function toSeries(context: DetectionContext, candidate: Candidate): RecurringSeries {
  const schedule = centreSchedule(context, candidate);
  const members = candidate.hits.map((hit) => hit.index);
  const amounts = members.map((index) => context.movements[index]?.amount ?? 0);
  const days = members.map((index) => context.movements[index]?.day ?? 0);
  return {
    schedule,
    weekendRoll: detectWeekendRoll(context, schedule, candidate.hits),
    amount: Math.round(median(amounts.slice(-3))),
    firstDay: Math.min(...days),
    lastDay: Math.max(...days),
    isActive: candidate.tailMisses <= candidate.rule.maxTailMisses,
    members,
  };
}

/** Days between two schedules' anchors within a month (or week), or Infinity if not comparable. */
function anchorDistance(a: Schedule, b: Schedule): number {
  if (a.unit === 'day' && b.unit === 'day') {
    const step = Math.min(a.step, b.step);
    const gap = (((a.origin - b.origin) % step) + step) % step;
    return Math.min(gap, step - gap);
  }
  if (a.unit === 'month' && b.unit === 'month') {
    const dayA = a.fromEnd ? 30 - a.day : a.day;
    const dayB = b.fromEnd ? 30 - b.day : b.day;
    const gap = Math.abs(dayA - dayB);
    return Math.min(gap, 30 - gap);
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * True when `b` continues the stream of `a` under another cadence: a monthly transfer whose
 * dates wander can be found once as monthly and once as quarterly, which must not be
 * projected twice.
 */
function isSameStream(context: DetectionContext, a: RecurringSeries, b: RecurringSeries): boolean {
  const { movements } = context;
  if (Math.sign(a.amount) !== Math.sign(b.amount)) return false;
  if (Math.abs(a.amount - b.amount) > context.amountTolerance * Math.abs(a.amount)) return false;
  if (a.schedule.unit !== b.schedule.unit) return false;
  const [short, long] = [a.schedule.step, b.schedule.step].sort((x, y) => x - y);
  if (short === undefined || long === undefined || long % short !== 0) return false;
  const step = greatestCommonDivisor(short, a.schedule.origin - b.schedule.origin);
  if (!CADENCES.some((rule) => rule.unit === a.schedule.unit && rule.step === step)) return false;
  const window =
    CADENCES.find((rule) => rule.unit === a.schedule.unit && rule.step === short)?.window ?? 0;
  if (anchorDistance(a.schedule, b.schedule) > window) return false;
  // Two payments on the same dates are two streams (two identical standing orders).
  const daysOfA = a.members.map((index) => movements[index]?.day ?? 0);
  return b.members.every((index) => {
    const day = movements[index]?.day ?? 0;
    return daysOfA.every((other) => Math.abs(other - day) > window);
  });
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : greatestCommonDivisor(b, a % b);
}

/**
 * One series from two parts of a stream. Parts on different phases of one cadence (three
 * quarterly parts of a monthly payment) combine into the cadence that covers them all.
 */
function mergeSeries(
  movements: readonly Movement[],
  a: RecurringSeries,
  b: RecurringSeries,
): RecurringSeries {
  const kept = a.schedule.step <= b.schedule.step ? a : b;
  const step = greatestCommonDivisor(
    greatestCommonDivisor(a.schedule.step, b.schedule.step),
    a.schedule.origin - b.schedule.origin,
  );
  const members = [...a.members, ...b.members].sort(
    (x, y) => (movements[x]?.day ?? 0) - (movements[y]?.day ?? 0),
  );
  return {
    ...kept,
    schedule: { ...kept.schedule, step },
    amount: Math.round(median(members.slice(-3).map((index) => movements[index]?.amount ?? 0))),
    firstDay: Math.min(a.firstDay, b.firstDay),
    lastDay: Math.max(a.lastDay, b.lastDay),
    isActive: a.isActive || b.isActive,
    members,
  };
}

export type DetectRecurringOptions = {
  /**
   * Occurrences a monthly series needs (default 3). The forecast accepts two, so that a
   * standing order set up a month or two before the history's end is projected; the chance
   * test still rejects a pair among many similar movements.
   */
  monthlyMinHits?: number;
  /**
   * How far (a fraction) the amounts of one series may stray from its seed's (default 0.2).
   * Among one payee's movements a tax or a bill that varies more is still one series.
   */
  amountTolerance?: number;
};

/**
 * Finds recurring series among movements sorted by day. Larger movements seed first; each
 * seed tries every cadence and keeps the one that explains the most money, so a weekly
 * payment is not mistaken for a monthly one. A movement belongs to at most one series.
 */
export function detectRecurring(
  movements: readonly Movement[],
  endDay: number,
  options: DetectRecurringOptions = {},
): RecurringSeries[] {
  const first = movements[0];
  if (first === undefined) return [];
  const { monthlyMinHits } = options;
  const cadences =
    monthlyMinHits === undefined
      ? CADENCES
      : CADENCES.map((rule) =>
          rule.unit === 'month' && rule.step === 1 ? { ...rule, minHits: monthlyMinHits } : rule,
        );
  const days = endDay - first.day + 1;
  const incoming = indexBySize(movements, 1);
  const outgoing = indexBySize(movements, -1);
  const similarSets = {
    incoming: emptySimilarSet(incoming, movements.length),
    outgoing: emptySimilarSet(outgoing, movements.length),
  };
  const context: DetectionContext = {
    movements,
    claimed: new Uint8Array(movements.length),
    similar: similarSets.incoming,
    dayStart: indexDays(movements, first.day),
    firstDay: first.day,
    endDay,
    incoming,
    outgoing,
    coveredStamp: new Int32Array(days),
    stamp: 0,
    windowMatches: 0,
    amountTolerance: options.amountTolerance ?? AMOUNT_TOLERANCE,
  };
  const order = sortIndexes(sizesOf(movements, 0), -1);

  const series: RecurringSeries[] = [];
  for (const index of order) {
    if (context.claimed[index] === 1) continue;
    const seed = movements[index];
    if (seed === undefined) continue;
    context.claimed[index] = 1;
    let best: Candidate | undefined;
    let bestAmount = 0;
    const range = similarRange(context, seed.amount);
    const rules = cadences.filter(
      (rule) => windowDensity(context, rule, range.to - range.from) <= MAX_SCANNED_DENSITY,
    );
    if (rules.length > 0) {
      context.similar = range.index === incoming ? similarSets.incoming : similarSets.outgoing;
      moveSimilarSet(context.similar, range.from, range.to);
    }
    for (const rule of rules) {
      for (const schedule of seedSchedules(seed, rule)) {
        const candidate = scanSchedule(context, index, schedule, rule);
        if (candidate === undefined) continue;
        const amount = explainedAmount(context, candidate);
        if (amount > bestAmount) {
          best = candidate;
          bestAmount = amount;
        }
      }
    }
    if (best === undefined) {
      context.claimed[index] = 0;
      continue;
    }
    for (const hit of best.hits) context.claimed[hit.index] = 1;
    const found = toSeries(context, best);
    const twin = series.findIndex((item) => isSameStream(context, item, found));
    if (twin === -1) series.push(found);
    else series[twin] = mergeSeries(movements, series[twin] ?? found, found);
  }
  return series;
}
