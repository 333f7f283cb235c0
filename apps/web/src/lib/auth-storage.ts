export const TOKEN_STORAGE_KEY = 'token';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Keys that survive a sign-out: a preference of the person at the keyboard, not of the session. */
const PRESERVED_KEYS = [LANGUAGE_STORAGE_KEY];

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** Clears local storage, keeping only the preserved preferences (the UI language). */
export function clearStorage(): void {
  const preserved = PRESERVED_KEYS.flatMap((key) => {
    const value = localStorage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  localStorage.clear();
  for (const [key, value] of preserved) localStorage.setItem(key, value);
}
