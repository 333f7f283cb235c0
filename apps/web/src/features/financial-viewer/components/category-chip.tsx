import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';

/** A category's name on its own colour, with a readable text colour over it. */
export function CategoryChip({ label, color }: { label: string; color: string }) {
  const theme = useTheme();
  let text: string | undefined;
  try {
    text = theme.palette.getContrastText(color);
  } catch {
    text = undefined;
  }
  return (
    <Chip
      size="small"
      label={label}
      sx={text ? { bgcolor: color, color: text, maxWidth: '100%' } : { maxWidth: '100%' }}
    />
  );
}
