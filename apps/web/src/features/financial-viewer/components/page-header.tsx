import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tab's title with its main action at the other end, wrapping under it on a phone. */
export function PageHeader({ title, action }: { title: string; action: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {action}
    </Box>
  );
}
