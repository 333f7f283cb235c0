import type { TNeuron } from '@app/contracts/catalogue';
import type { TUsageStatisticsResponse } from '@app/contracts/neuron-access';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useCurrentPlan } from '../api/get-current-plan';
import { useMonthStatistics } from '../api/get-month-statistics';
import { getCortexErrorMessage } from '../utils/error-text';
import { plansPath, usagePath } from '../utils/neuron-links';
import { getSubscriptionState } from '../utils/subscription-state';
import { fillDays, getMonthUse } from '../utils/usage';
import { DailyCallsChart } from './daily-calls-chart';
import { MonthCallsBar } from './month-calls-bar';

type NeuronUsageCardProps = {
  neuron: TNeuron;
  /** Owners and admins see the plan; the server does not tell other members. */
  canSeePlan: boolean;
};

function InlineError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Milliseconds in Spanish format, or a dash when no call was answered. */
function useLatency() {
  const { t } = useTranslation();
  return (ms: number | null) =>
    ms === null ? t('cortex.dashboard.noValue') : t('cortex.dashboard.ms', { ms: formatCount(ms) });
}

function Figures({ statistics }: { statistics: TUsageStatisticsResponse }) {
  const { t } = useTranslation();
  const latency = useLatency();
  const { totals } = statistics;
  const items: [string, string][] = [
    [t('cortex.dashboard.calls'), formatCount(totals.calls)],
    [t('cortex.dashboard.errors'), formatCount(totals.errors)],
    [t('cortex.dashboard.units'), formatCount(totals.units)],
    [t('cortex.dashboard.p50'), latency(totals.p50Ms)],
    [t('cortex.dashboard.p95'), latency(totals.p95Ms)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('cortex.dashboard.last30Days')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The plan line: its name, or why there is none. */
function PlanChip({ neuron, canSeePlan }: NeuronUsageCardProps) {
  const { t } = useTranslation();
  const planQuery = useCurrentPlan(neuron.id, { enabled: canSeePlan });
  if (!canSeePlan) return null;
  if (planQuery.isPending) return <Skeleton variant="rounded" width={120} height={24} />;
  if (planQuery.isError) {
    return (
      <InlineError
        message={getCortexErrorMessage(t, planQuery.error)}
        onRetry={() => {
          void planQuery.refetch();
        }}
      />
    );
  }
  const state = getSubscriptionState(planQuery.data);
  const planName = planQuery.data.currentPlan?.planName;
  if (state === 'active') {
    return (
      <Chip
        color="success"
        size="small"
        label={planName ? t('cortex.dashboard.plan', { plan: planName }) : t('cortex.subscribed')}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip
        size="small"
        color={state === 'pending' ? 'info' : 'default'}
        label={state === 'pending' ? t('cortex.pending') : t('cortex.notSubscribed')}
      />
      <Link
        component={RouterLink}
        to={plansPath(neuron.id)}
        aria-label={t('cortex.welcome.plansOf', { name: neuron.name })}
        variant="body2"
      >
        {t('cortex.seePlans')}
      </Link>
    </Box>
  );
}

function UsageBody({ neuron, canSeePlan }: NeuronUsageCardProps) {
  const { t } = useTranslation();
  const statisticsQuery = useMonthStatistics(neuron.id);
  // Shares its cache with the plan chip: one call per neuron.
  const planQuery = useCurrentPlan(neuron.id, { enabled: canSeePlan });
  if (statisticsQuery.isPending) {
    return (
      <Box aria-hidden="true" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={8} />
        <Skeleton variant="rounded" height={140} />
      </Box>
    );
  }
  if (statisticsQuery.isError) {
    return (
      <InlineError
        message={getCortexErrorMessage(t, statisticsQuery.error)}
        onRetry={() => {
          void statisticsQuery.refetch();
        }}
      />
    );
  }
  const statistics = statisticsQuery.data;
  const isSubscribed = planQuery.data
    ? getSubscriptionState(planQuery.data) === 'active'
    : undefined;
  const days = fillDays(statistics);
  return (
    <>
      <MonthCallsBar use={getMonthUse(statistics, isSubscribed)} />
      <Figures statistics={statistics} />
      {statistics.totals.calls === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('cortex.dashboard.noCalls')}
        </Typography>
      ) : (
        <DailyCallsChart neuronName={neuron.name} days={days} />
      )}
    </>
  );
}

function CardShell({ neuron, children }: { neuron: TNeuron; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`usage-${neuron.id}`}
      sx={{ minWidth: 0 }}
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography id={`usage-${neuron.id}`} variant="h6" component="h2">
            {neuron.name}
          </Typography>
          <Link
            component={RouterLink}
            to={usagePath(neuron.id)}
            aria-label={t('cortex.dashboard.usageOf', { name: neuron.name })}
            variant="body2"
          >
            {t('cortex.dashboard.usageLink')}
          </Link>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** One neuron's plan and use; its own loading and error, so one failure leaves the rest. */
export function NeuronUsageCard({ neuron, canSeePlan }: NeuronUsageCardProps) {
  return (
    <CardShell neuron={neuron}>
      <PlanChip neuron={neuron} canSeePlan={canSeePlan} />
      <UsageBody neuron={neuron} canSeePlan={canSeePlan} />
    </CardShell>
  );
}
