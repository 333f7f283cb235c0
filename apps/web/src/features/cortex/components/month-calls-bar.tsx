import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../../../lib/format';
import type { MonthUse } from '../utils/usage';

/** Near the limit the bar turns amber, at it red. */
const WARNING_SHARE = 0.8;

function barColor(share: number): 'primary' | 'warning' | 'error' {
  if (share >= 1) return 'error';
  return share >= WARNING_SHARE ? 'warning' : 'primary';
}

/** This month's calls: against the plan's limit as a bar, or as a count when there is none. */
export function MonthCallsBar({ use }: { use: MonthUse }) {
  const { t } = useTranslation();
  const labelId = useId();
  const calls = formatCount(use.calls);
  if (use.kind !== 'limited') {
    return (
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">
          {t('cortex.dashboard.monthCalls', { calls, count: use.calls })}
        </Typography>
        {use.kind === 'unlimited' ? (
          <Typography variant="body2" color="text.secondary">
            {t('cortex.dashboard.unlimited')}
          </Typography>
        ) : null}
      </Box>
    );
  }
  const limit = formatCount(use.limit);
  const percent = formatPercent(use.share);
  const text = t('cortex.dashboard.monthCallsOfLimit', { calls, limit, count: use.limit });
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={labelId} variant="body2">
          {text}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {percent}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={use.share * 100}
        color={barColor(use.share)}
        aria-labelledby={labelId}
        aria-valuetext={`${text} (${percent})`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {use.share >= 1 ? (
        <Typography variant="body2" color="error">
          {t('cortex.dashboard.limitReached')}
        </Typography>
      ) : null}
    </Box>
  );
}
