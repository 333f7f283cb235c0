import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

type ChartCardProps = {
  title: string;
  /** The chart's height in pixels; its width follows the card. */
  height?: number;
  /** Something under the chart: its own legend in words. */
  footer?: ReactNode;
  children: ReactElement;
};

/** A titled, responsive chart: it fills its card's width from 360 px phones up. */
export function ChartCard({ title, height = 280, footer, children }: ChartCardProps) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={title}
      sx={{ m: 0, p: { xs: 1, sm: 2 }, minWidth: 0, display: 'grid', gap: 1 }}
    >
      <Typography component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      <Box sx={{ width: '100%', height, minWidth: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
      {footer}
    </Paper>
  );
}

/** Small legend chips in words, under a chart (the SVG legend is hard to read on a phone). */
export function ChartKey({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.label}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, listStyle: 'none' }}
        >
          <Box
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: item.color, flex: 'none' }}
          />
          <Typography variant="caption">{item.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
