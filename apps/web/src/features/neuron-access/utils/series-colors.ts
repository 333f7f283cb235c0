/** The charts' series colours (contrast checked on white). */
export const SERIES_COLORS = {
  calls: '#1565c0',
  errors: '#c62828',
  units: '#2e7d32',
  p50: '#1565c0',
  p95: '#6a1b9a',
} as const;
