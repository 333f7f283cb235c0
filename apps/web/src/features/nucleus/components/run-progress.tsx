import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A job's progress, 0 to 100, as a bar with its percentage. */
export function RunProgress({ progress, label }: { progress: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={label ?? t('nucleus.run.progress')}
        sx={{ flexGrow: 1 }}
      />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
        {`${String(progress)} %`}
      </Typography>
    </Box>
  );
}
