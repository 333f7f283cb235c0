import Box from '@mui/material/Box';
import { CopyButton } from './copy-button';

/** Shell commands in a box that scrolls inside itself, focusable, with Copy. */
export function CommandBlock({ commands, label }: { commands: string; label: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box
        component="pre"
        role="region"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          minWidth: 0,
          overflowX: 'auto',
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
        }}
      >
        <code>{commands}</code>
      </Box>
      <CopyButton text={commands} label={label} />
    </Box>
  );
}
