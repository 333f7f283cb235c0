import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeadingProps = { title: string; subtitle?: ReactNode; actions?: ReactNode };

/** A neuron page's title (its one h1), a line about it, and its actions on the right. */
export function PageHeading({ title, subtitle, actions }: PageHeadingProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle === undefined ? null : <Typography color="text.secondary">{subtitle}</Typography>}
      </Box>
      {actions}
    </Box>
  );
}
