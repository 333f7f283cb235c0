import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type SubscriptionOverlayProps = {
  /** The region's accessible name. */
  title: string;
  message: string;
  /** The button's label and where it leads: the module's plans. */
  actionLabel: string;
  plansPath: string;
  children: ReactNode;
};

/**
 * A module page's content, blurred and out of reach, under a 'you need to subscribe' message
 * with a button to the module's plans (the Financial Viewer's and Nucleus's gate).
 */
export function SubscriptionOverlay({
  title,
  message,
  actionLabel,
  plansPath,
  children,
}: SubscriptionOverlayProps) {
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
          aria-label={title}
          elevation={3}
          sx={{ p: 3, maxWidth: 420, display: 'grid', gap: 2, justifyItems: 'center' }}
        >
          <LockIcon color="primary" aria-hidden="true" />
          <Typography align="center">{message}</Typography>
          <Button variant="contained" component={RouterLink} to={plansPath}>
            {actionLabel}
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
