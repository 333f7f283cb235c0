import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatPercent } from '../../../lib/format';

type Score = { label: string; value: number | null; help: string };

/** Scores 0–1 as big percentages with a bar each: overall, shapes, pairs, validity. */
export function ReportScores({ scores }: { scores: Score[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${String(scores.length)}, 1fr)` },
      }}
    >
      {scores.map((score) => (
        <ScoreCard key={score.label} {...score} />
      ))}
    </Box>
  );
}

function ScoreCard({ label, value, help }: Score) {
  const labelId = useId();
  const isKnown = value !== null && Number.isFinite(value);
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
      <Typography variant="h4" component="p">
        {isKnown ? formatPercent(value) : '—'}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={isKnown ? Math.round(value * 100) : 0}
        aria-hidden="true"
      />
      <Typography variant="caption" color="text.secondary">
        {help}
      </Typography>
    </Paper>
  );
}
