import { createTheme, type Theme } from '@mui/material/styles';
import { getMuiLocale } from '../lib/mui-locale';

const baseTheme = {
  palette: {
    primary: { main: '#3949ab' },
    secondary: { main: '#00897b' },
    background: { default: '#f5f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Buttons read in capitals everywhere, as the spec writes most of them (SAVE, CANCEL, BUY DATA):
    // one casing whatever case a label's text is written in. Screen readers read the text as written.
    button: { textTransform: 'uppercase' as const, fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
};

/** The app's theme, with MUI's own texts (table pagination, ...) in the UI language. */
export function buildTheme(language: string): Theme {
  return createTheme(baseTheme, getMuiLocale(language));
}
