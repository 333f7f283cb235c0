import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type MeterCardProps = {
  label: string;
  /** The figure as shown: "92 %", "3 of 10". */
  value: string;
  /** 0 to 1 for the bar; null draws an empty one. */
  share: number | null;
  help?: string;
  color?: 'primary' | 'warning' | 'error';
};

/** A labelled figure with a bar under it: a report score or a use of the plan. */
export function MeterCard({ label, value, share, help, color = 'primary' }: MeterCardProps) {
  const labelId = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={labelId}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5, alignContent: 'start' }}
    >
      <Typography id={labelId} variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share === null ? 0 : Math.round(Math.min(1, share) * 100)}
        color={color}
        aria-hidden="true"
      />
      {help === undefined ? null : (
        <Typography variant="caption" color="text.secondary">
          {help}
        </Typography>
      )}
    </Paper>
  );
}
