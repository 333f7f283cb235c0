import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The wizard's buttons: Cancel on the left, the step's forward action on the right. */
export function WizardActions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'flex-end',
        pt: 1,
      }}
    >
      {children}
    </Box>
  );
}
