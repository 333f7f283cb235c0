import type { ForecastHorizon, TForecastResponse } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '../../../../lib/format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useForecast } from '../../api/get-forecast';
import { formatIsoDate, formatTimestamp } from '../../utils/dates';
import { ViewerLoadError } from '../viewer-load-error';
import { ForecastCharts } from './forecast-charts';
import { ForecastGrid } from './forecast-grid';
import { buildForecastSeries } from './forecast-series';
import { HorizonSlider, horizonLabel } from './horizon-slider';
import { RecurringList } from './recurring-list';

const DEFAULT_HORIZON: ForecastHorizon = 90;
const THRESHOLD_DEBOUNCE_MS = 500;

/** Euros as typed (step 0.01) → cents; anything unreadable counts as 0 (the zero line). */
export function thresholdToCents(text: string): number {
  const euros = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(euros) ? 0 : Math.round(euros * 100);
}

/** The horizon slider, the low-balance warning, the forecast charts and grid, the recurrences. */
export function ForecastPanel({ accountIds }: { accountIds: string | undefined }) {
  const { t } = useTranslation();
  const [horizon, setHorizon] = useState<ForecastHorizon>(DEFAULT_HORIZON);
  const [thresholdText, setThresholdText] = useState('0');
  const threshold = thresholdToCents(useDebouncedValue(thresholdText, THRESHOLD_DEBOUNCE_MS));
  const forecast = useForecast({
    ...(accountIds === undefined ? {} : { accountIds }),
    amountToPredict: horizon,
    threshold,
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ flex: '1 1 280px' }}>
          <HorizonSlider value={horizon} onChange={setHorizon} />
        </Box>
        <TextField
          type="number"
          size="small"
          label={t('financialViewer.analysis.forecast.threshold')}
          helperText={t('financialViewer.analysis.forecast.thresholdHelp')}
          value={thresholdText}
          onChange={(event) => {
            setThresholdText(event.target.value);
          }}
          slotProps={{
            htmlInput: { step: 0.01 },
            input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
          }}
          sx={{ flex: '0 1 240px' }}
        />
      </Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: 24 }}>
        {forecast.isFetching ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('financialViewer.analysis.forecast.updating')}
            </Typography>
            <LinearProgress sx={{ mt: 0.5 }} />
          </>
        ) : null}
      </Box>
      {forecast.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : forecast.isError ? (
        <ViewerLoadError error={forecast.error} onRetry={() => void forecast.refetch()} />
      ) : (
        <ForecastResult data={forecast.data} />
      )}
    </Box>
  );
}

function ForecastResult({ data }: { data: TForecastResponse }) {
  const { t } = useTranslation();
  const { points, today } = useMemo(
    () => buildForecastSeries(data.history, data.rows),
    [data.history, data.rows],
  );
  if (data.rows.length === 0) {
    return <Alert severity="info">{t('financialViewer.analysis.noData')}</Alert>;
  }
  const amount = formatEuroCents(data.threshold);
  const horizon = data.horizon as ForecastHorizon;
  return (
    <>
      {data.belowThreshold ? (
        <Alert severity="warning">
          {t('financialViewer.analysis.forecast.below', {
            amount,
            date: formatIsoDate(data.belowThreshold.date),
          })}
        </Alert>
      ) : (
        <Alert severity="success">
          {t('financialViewer.analysis.forecast.above', {
            amount,
            horizon: horizonLabel(t, horizon),
          })}
        </Alert>
      )}
      <ForecastCharts points={points} today={today} threshold={data.threshold} />
      <RecurringList recurring={data.recurring} />
      <ForecastGrid rows={data.rows} />
      <Typography variant="caption" color="text.secondary">
        {t('financialViewer.analysis.forecast.computedAt', {
          date: formatTimestamp(data.computedAt),
        })}
      </Typography>
    </>
  );
}
