/** The analysis charts' series colours (contrast checked on white). */
export const CHART_COLORS = {
  income: '#2e7d32',
  expense: '#c62828',
  balance: '#1565c0',
  negative: '#ad1457',
  forecast: '#6a1b9a',
  interval: '#9575cd',
  today: '#616161',
} as const;
