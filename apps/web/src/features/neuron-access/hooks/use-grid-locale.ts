import type { GridLocaleText } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

const SPANISH: Partial<GridLocaleText> = esES.components.MuiDataGrid.defaultProps.localeText;

/** The data grid's own texts in the UI language, with the log's empty text. */
export function useGridLocale(): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation();
  return {
    ...(i18n.language.startsWith('es') ? SPANISH : {}),
    noRowsLabel: t('neuronAccess.usage.noLogs'),
    noResultsOverlayLabel: t('neuronAccess.usage.noLogs'),
  };
}
