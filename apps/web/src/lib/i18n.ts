import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, type Language } from '@app/contracts/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../i18n/en-US.json';
import { LANGUAGE_STORAGE_KEY } from './auth-storage';
import { loadMuiLocale } from './mui-locale';

function isLanguage(value: string | null): value is Language {
  return LANGUAGES.some((language) => language === value);
}

function detectLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : pickLanguage(navigator.language);
}

/** The UI language, also sent as `Accept-Language` on every API call. */
export function getLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The languages whose texts are in memory. English (the fallback) is bundled; any other
 * language is a lazy chunk fetched when it is chosen, so it weighs nothing on the sign-in page;
 * MUI's own texts in that language come with it.
 */
const loadedLanguages = new Set<Language>([DEFAULT_LANGUAGE]);
const LAZY_MESSAGES: Partial<Record<Language, () => Promise<{ default: object }>>> = {
  es: () => import('../i18n/es.json'),
};

/** Fetches a language's texts once; a feature's own texts added earlier are kept. */
export async function loadLanguage(language: Language): Promise<void> {
  const load = LAZY_MESSAGES[language];
  if (loadedLanguages.has(language) || load === undefined) return;
  const [{ default: messages }] = await Promise.all([load(), loadMuiLocale(language)]);
  i18n.addResourceBundle(language, 'translation', messages, true, false);
  loadedLanguages.add(language);
}

/** Switches the UI language and remembers the choice in local storage. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const initialLanguage = detectLanguage();

void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: enUS } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Resolves once the initial language's texts are loaded: the app renders after it. */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage).then(
  // Re-applied so every translation re-renders with the loaded texts.
  () => i18n.changeLanguage(initialLanguage).then(() => undefined),
  // Offline or a failed chunk: the app still starts, in English.
  () => undefined,
);

export { i18n };
