import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, type Language } from '@app/contracts/users';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../i18n/en-US.json';
import es from '../i18n/es.json';
import { LANGUAGE_STORAGE_KEY } from './auth-storage';

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

/** Switches the UI language and remembers the choice in local storage. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: enUS }, es: { translation: es } },
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
