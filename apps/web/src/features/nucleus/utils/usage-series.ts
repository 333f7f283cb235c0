/** One period of the usage series: its label (yyyy-MM-dd or yyyy-MM) and what it counted. */
export type UsagePoint = { period: string; runs: number; rows: number };

/** yyyy-MM-dd as dd-MM, for an axis. */
export function shortDay(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}-${month}`;
}

/** yyyy-MM-dd as dd-MM-yyyy. */
export function fullDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** yyyy-MM as the month's short name and year in the UI language: "Mar 2026", "mar 2026". */
export function monthName(month: string, language: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}

/** The sums of the series and its period with the most rows (the first of equals), or null without runs. */
export function summarizeUsage(points: readonly UsagePoint[]): {
  runs: number;
  rows: number;
  busiest: UsagePoint | null;
} {
  let runs = 0;
  let rows = 0;
  let busiest: UsagePoint | null = null;
  for (const point of points) {
    runs += point.runs;
    rows += point.rows;
    if (point.runs > 0 && (busiest === null || point.rows > busiest.rows)) busiest = point;
  }
  return { runs, rows, busiest };
}
