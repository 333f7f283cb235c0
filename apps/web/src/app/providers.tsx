import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client';
import { buildTheme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = useMemo(() => buildTheme(i18n.language), [i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
