import { LANGUAGES, type Language } from '@app/contracts/languages';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../lib/api-client';
import { hasToken } from '../lib/auth-storage';
import { changeLanguage, getLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** Each language is named in itself, so anyone can find theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', es: 'Español' };
const LANGUAGE_SHORT_NAMES: Record<Language, string> = { 'en-US': 'EN', es: 'ES' };

type LanguageSelectorProps = {
  /** `inherit` on the coloured app bar. */
  color?: 'inherit' | 'primary';
};

/** The UI language (en-US or es); the choice is remembered and sent as `Accept-Language`. */
export function LanguageSelector({ color = 'primary' }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = getLanguage();

  const onSelect = (language: Language) => {
    setAnchor(null);
    // Names that are data (plans, neurons) come from the server in the request's language.
    void changeLanguage(language).then(() => queryClient.invalidateQueries());
    if (hasToken()) {
      // Mail follows the UI language. If this fails the UI has still switched, and the next
      // sign-in stores the language again, so there is nothing to tell the user.
      apiClient.put('/user/language', { body: { language } }).catch(() => undefined);
    }
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={t('shell.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
      >
        {LANGUAGE_SHORT_NAMES[current]}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => {
          setAnchor(null);
        }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            onClick={() => {
              onSelect(language);
            }}
          >
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
