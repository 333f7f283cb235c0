import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type ResultPanelProps = {
  icon: ReactNode;
  title: string;
  text: string;
  actionLabel: string;
  onAction: () => void;
};

/** The outcome of following a mail link: an icon, what happened and the one way forward. */
export function ResultPanel({ icon, title, text, actionLabel, onAction }: ResultPanelProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center', textAlign: 'center' }}>
      {icon}
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button variant="contained" size="large" onClick={onAction}>
        {actionLabel}
      </Button>
    </Box>
  );
}
