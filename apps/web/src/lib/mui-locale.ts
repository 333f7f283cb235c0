import type { Language } from '@app/contracts/languages';
import { enUS, type Localization } from '@mui/material/locale';

/**
 * MUI's own texts (table pagination, ...) per UI language. English is bundled; Spanish is a
 * chunk fetched with the Spanish texts, as MUI's Spanish module builds an `Intl` number
 * formatter when it is evaluated, work that an English start does not need.
 */
const loaded: Partial<Record<Language, Localization>> = { 'en-US': enUS };

export async function loadMuiLocale(language: Language): Promise<void> {
  if (language === 'es') loaded.es ??= (await import('./mui-locale-es')).esES;
}

/** The loaded texts of the language, English until they are. */
export function getMuiLocale(language: string): Localization {
  return (language.startsWith('es') ? loaded.es : undefined) ?? enUS;
}
