import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';

type UsageMeterProps = { label: string; used: number; limit: number | null };

/** Used against the plan's limit: '3 of 10' and a bar, or 'no limit'. */
export function UsageMeter({ label, used, limit }: UsageMeterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const share = limit === null || limit === 0 ? null : Math.min(1, used / limit);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={labelId}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Typography id={labelId} variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {limit === null
          ? t('nucleus.usage.unlimited', { used: formatCount(used) })
          : t('nucleus.usage.ofLimit', { used: formatCount(used), limit: formatCount(limit) })}
      </Typography>
      <Box>
        <LinearProgress
          variant="determinate"
          value={share === null ? 0 : Math.round(share * 100)}
          color={
            share !== null && share >= 1
              ? 'error'
              : share !== null && share >= 0.8
                ? 'warning'
                : 'primary'
          }
          aria-hidden="true"
        />
      </Box>
    </Paper>
  );
}
