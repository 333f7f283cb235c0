import type { GridLocaleText } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

const SPANISH: Partial<GridLocaleText> = esES.components.MuiDataGrid.defaultProps.localeText;

/**
 * The data grid's own texts in the UI language, with the page's text for an empty grid. (A
 * grid's `localeText` replaces the theme's, so the language is set here too.)
 */
export function useGridLocale(emptyText: string): Partial<GridLocaleText> {
  const { i18n } = useTranslation();
  return {
    ...(i18n.language.startsWith('es') ? SPANISH : {}),
    noRowsLabel: emptyText,
    noResultsOverlayLabel: emptyText,
  };
}
