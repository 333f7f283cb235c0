import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSelector } from '../../../components/language-selector';
import { Logo } from '../../../components/logo';

type AuthLayoutProps = {
  /** The page's heading; omit it when the content brings its own. */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Shown beside the card on wide screens (the sign-up marketing copy). */
  aside?: ReactNode;
  children: ReactNode;
};

/** The frame of the public pages: logo, language, one card. */
export function AuthLayout({ title, subtitle, aside, children }: AuthLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2 }}
      >
        <Logo />
        <LanguageSelector />
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'center' },
          justifyContent: 'center',
          gap: 6,
          px: 2,
          pb: 6,
        }}
      >
        {aside ? <Box sx={{ maxWidth: 440, order: { xs: 2, md: 1 } }}>{aside}</Box> : null}
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, order: { xs: 1, md: 2 } }}
        >
          {title ? (
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
          ) : null}
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
