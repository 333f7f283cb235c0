import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../utils/format';

type MonthCallsProps = { monthCalls: number; monthlyLimit: number | null };

/** This calendar month's calls against the plan's monthly limit (none: unlimited). */
export function MonthCalls({ monthCalls, monthlyLimit }: MonthCallsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const share = monthlyLimit === null || monthlyLimit === 0 ? null : monthCalls / monthlyLimit;
  const percent = share === null ? 0 : Math.min(100, Math.round(share * 100));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2">
        {t('neuronAccess.month.title')}
      </Typography>
      <Typography>
        {monthlyLimit === null
          ? t('neuronAccess.month.unlimited', {
              calls: formatCount(monthCalls),
              count: monthCalls,
            })
          : t('neuronAccess.month.used', {
              calls: formatCount(monthCalls),
              limit: formatCount(monthlyLimit),
              count: monthlyLimit,
            })}
      </Typography>
      {share === null ? null : (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={share >= 1 ? 'error' : share >= 0.8 ? 'warning' : 'primary'}
            aria-label={t('neuronAccess.month.title')}
            aria-valuetext={t('neuronAccess.month.percent', { percent })}
            sx={{ height: 8, borderRadius: 4 }}
          />
          {share >= 1 ? (
            <Typography variant="body2" color="error">
              {t('neuronAccess.month.reached')}
            </Typography>
          ) : null}
        </Box>
      )}
    </Paper>
  );
}
