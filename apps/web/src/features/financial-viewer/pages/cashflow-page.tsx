import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../api/get-accounts';
import { useCashflow } from '../api/get-cashflow';
import { useUpdateCashflow } from '../api/update-cashflow';
import {
  AccountFilters,
  defaultAccountFilter,
  type AccountFilterValue,
} from '../components/account-filters';
import { toCashflowAccountIds } from '../components/analysis/cashflow-accounts';
import { CashflowCharts } from '../components/analysis/cashflow-charts';
import { CashflowGrid } from '../components/analysis/cashflow-grid';
import { lastMonths } from '../components/analysis/chart-format';
import { ForecastPanel } from '../components/analysis/forecast-panel';

/** Spec §9: the cashflow covers the last 2 years by default. */
const DEFAULT_YEARS = 2;

type View = 'cashflow' | 'forecast';

/**
 * The cashflow (weekly and daily charts, a daily grid) and its forecast. On load the cashflow
 * is recomputed once (spec 'updatecashflow') and then read; the forecast tab waits for it.
 */
export function CashflowPage() {
  const { t } = useTranslation();
  const tabsId = useId();
  const [view, setView] = useState<View>('cashflow');
  const [filter, setFilter] = useState<AccountFilterValue>(() =>
    defaultAccountFilter(DEFAULT_YEARS),
  );

  const updateCashflow = useUpdateCashflow();
  const { mutate: recompute } = updateCashflow;
  const hasRecomputed = useRef(false);
  useEffect(() => {
    if (hasRecomputed.current) return;
    hasRecomputed.current = true;
    recompute();
  }, [recompute]);
  // A failed recomputation still shows the cashflow last computed.
  const isRecomputed = updateCashflow.isSuccess || updateCashflow.isError;

  const isFiltered =
    filter.companyNames.length > 0 || filter.entCodes.length > 0 || filter.accountIds.length > 0;
  const accounts = useAccounts({ enabled: isFiltered });
  const accountIds = isFiltered
    ? toCashflowAccountIds(filter, accounts.data?.accounts ?? [])
    : undefined;
  const cashflow = useCashflow(
    {
      ...(accountIds === undefined ? {} : { accountIds }),
      dateFrom: filter.dateFrom,
      dateTo: filter.dateTo,
    },
    { enabled: isRecomputed && (!isFiltered || accounts.isSuccess) },
  );
  const hasCashflow = cashflow.isSuccess;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <AccountFilters value={filter} onChange={setFilter} showDates={view === 'cashflow'} />
      <Tabs
        value={view}
        onChange={(_, next: View) => {
          setView(next);
        }}
        aria-label={t('financialViewer.analysis.cashflow.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab
          value="cashflow"
          label={t('financialViewer.analysis.cashflow.tab')}
          id={`${tabsId}-cashflow`}
          aria-controls={`${tabsId}-cashflow-panel`}
        />
        <Tab
          value="forecast"
          label={t('financialViewer.analysis.forecast.tab')}
          disabled={!hasCashflow}
          id={`${tabsId}-forecast`}
          aria-controls={`${tabsId}-forecast-panel`}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${tabsId}-${view}-panel`}
        aria-labelledby={`${tabsId}-${view}`}
        sx={{ minWidth: 0 }}
      >
        {view === 'cashflow' || !hasCashflow ? (
          <CashflowView
            isLoading={!isRecomputed || cashflow.isPending}
            isError={cashflow.isError}
            onRetry={() => void cashflow.refetch()}
            data={cashflow.data}
          />
        ) : (
          <ForecastPanel accountIds={accountIds} />
        )}
      </Box>
    </Box>
  );
}

type CashflowViewProps = {
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  data: ReturnType<typeof useCashflow>['data'];
};

function CashflowView({ isLoading, isError, onRetry, data }: CashflowViewProps) {
  const { t } = useTranslation();
  const weekly = useMemo(
    () =>
      lastMonths(
        [...(data?.weekly ?? [])].sort((a, b) => a.startDate.localeCompare(b.startDate)),
        (row) => row.startDate,
      ),
    [data?.weekly],
  );
  const daily = useMemo(
    () =>
      lastMonths(
        [...(data?.daily ?? [])].sort((a, b) => a.cashflow_date.localeCompare(b.cashflow_date)),
        (row) => row.cashflow_date,
      ),
    [data?.daily],
  );

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {t('financialViewer.analysis.cashflow.updating')}
        </Typography>
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  }
  // Spec §8: a cashflow error or an empty one shows the no-data message.
  if (isError || data === undefined || data.daily.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          isError ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : undefined
        }
      >
        {t('financialViewer.analysis.noData')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CashflowCharts weekly={weekly} daily={daily} />
      <Typography variant="subtitle2" component="h3">
        {t('financialViewer.analysis.cashflow.grid')}
      </Typography>
      <CashflowGrid rows={data.daily} />
    </Box>
  );
}
