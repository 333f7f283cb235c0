import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { viewerPath } from '../utils/paths';

/**
 * A tab's content, blurred and out of reach, under 'You need to subscribe to access this tab.'
 * with 'Go to plans' (spec §2, §6).
 */
export function SubscriptionOverlay({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative', minHeight: 320 }}>
      <Box
        aria-hidden="true"
        inert
        sx={{ filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none', opacity: 0.7 }}
      >
        {children}
      </Box>
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          p: 2,
        }}
      >
        <Paper
          role="region"
          aria-label={t('financialViewer.subscribe.title')}
          elevation={3}
          sx={{ p: 3, maxWidth: 420, display: 'grid', gap: 2, justifyItems: 'center' }}
        >
          <LockIcon color="primary" aria-hidden="true" />
          <Typography align="center">{t('financialViewer.subscribe.message')}</Typography>
          <Button variant="contained" component={RouterLink} to={viewerPath('plans')}>
            {t('financialViewer.subscribe.goToPlans')}
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
