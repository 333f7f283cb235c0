import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

type FigureBoxProps = {
  label: string;
  value: string;
  hint?: ReactNode;
  /** 0 to 1: a bar under the value (a score, or a use of the plan's limit); null an empty one. */
  share?: number | null;
  color?: 'primary' | 'warning' | 'error';
};

/** One summary figure: its name, its value in large type, maybe a bar, and a line about it. */
export function FigureBox({ label, value, hint, share, color = 'primary' }: FigureBoxProps) {
  const labelId = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={labelId}
      sx={{ p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {share === undefined ? null : (
        <LinearProgress
          variant="determinate"
          value={share === null ? 0 : Math.round(Math.min(1, share) * 100)}
          color={color}
          aria-hidden="true"
        />
      )}
      {hint === undefined ? null : (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

/** Figures side by side, two to a row on phones. */
export function FigureRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
