/** The yyyy-MM-dd values of `<input type="date">`, read and written in the browser's time zone. */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function toDateInput(date: Date): string {
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDateInput(date) === value ? date : null;
}

export function isDateInput(value: string): boolean {
  return parseDateInput(value) !== null;
}

/** One billing interval later, the day clamped to the month's end (31 Jan → 28 Feb). */
export function addIntervalToDateInput(value: string, interval: 'MONTH' | 'YEAR'): string {
  const start = parseDateInput(value);
  if (start === null) return '';
  const months = interval === 'MONTH' ? 1 : 12;
  const target = new Date(start.getFullYear(), start.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(start.getDate(), lastDay));
  return toDateInput(target);
}

/** The start (00:00) or the end (23:59:59.999) of that day in the browser's zone, as ISO. */
export function dateInputToIso(value: string, edge: 'start' | 'end' = 'start'): string {
  const date = parseDateInput(value);
  if (date === null) throw new Error(`not a date: ${value}`);
  if (edge === 'end') date.setHours(23, 59, 59, 999);
  return date.toISOString();
}
