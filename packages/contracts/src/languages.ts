// The UI languages, apart from the users' schemas: the web app reads them before anything
// else, and this module stays free of zod so that its start-up chunk does not carry it.

export const LANGUAGES = ['en-US', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Picks the first supported language an `Accept-Language` value lists (browsers list by preference). */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  for (const tag of acceptLanguage?.toLowerCase().split(',') ?? []) {
    const language = tag.split(';')[0]?.trim() ?? '';
    if (language.startsWith('es')) return 'es';
    if (language.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
