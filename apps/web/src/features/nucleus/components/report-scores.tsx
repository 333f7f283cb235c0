import Box from '@mui/material/Box';
import { formatPercent } from '../../../lib/format';
import { FigureBox } from '../../../components/figure-box';

type Score = { label: string; value: number | null; help: string };

/** Scores 0–1 as percentages with a bar each: overall, shapes, pairs, validity. */
export function ReportScores({ scores }: { scores: Score[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${String(scores.length)}, 1fr)` },
      }}
    >
      {scores.map(({ label, value, help }) => {
        const isKnown = value !== null && Number.isFinite(value);
        return (
          <FigureBox
            key={label}
            label={label}
            value={isKnown ? formatPercent(value) : '—'}
            share={isKnown ? value : null}
            hint={help}
          />
        );
      })}
    </Box>
  );
}
