function readFlag(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const normalized = value.trim().toLowerCase();
  return normalized !== '' && normalized !== 'false' && normalized !== '0';
}

function readString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Build flag: while set, the footer shows the Documentation link disabled. */
export const IS_DOCS_DISABLED = readFlag(import.meta.env.VITE_DOCS_DISABLED);

/** Address of the external product documentation (`VITE_DOCS_URL`); null when not configured. */
export const DOCS_URL = readString(import.meta.env.VITE_DOCS_URL);
