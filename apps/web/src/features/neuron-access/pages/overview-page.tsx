import '../i18n/register';
import type { TPlan } from '@app/contracts/catalogue';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useNeuronAccess } from '../api/get-neuron-access';
import { useNeuronInfo } from '../api/get-neuron-info';
import { useUsageStatistics } from '../api/get-usage-statistics';
import { LoadingBlock } from '../components/loading-block';
import { MonthCalls } from '../components/month-calls';
import { NeuronLoadError } from '../components/neuron-load-error';
import { NoSubscription } from '../components/no-subscription';
import { PageHeading } from '../components/page-heading';
import { useIsPayer } from '../hooks/use-is-payer';
import { neuronPath, type NeuronPage } from '../utils/neuron-pages';

function SubscribedOverview({ neuron, plan }: { neuron: string; plan: TPlan | null }) {
  const { t } = useTranslation();
  const isPayer = useIsPayer();
  const statistics = useUsageStatistics(neuron, 'month');
  const planName = plan?.planName;
  const links: { page: NeuronPage; label: string; text: string }[] = [
    {
      page: 'test',
      label: t('neuronAccess.overview.links.test'),
      text: t('neuronAccess.overview.links.testText'),
    },
    {
      page: 'integration',
      label: t('neuronAccess.overview.links.integration'),
      text: t('neuronAccess.overview.links.integrationText'),
    },
    {
      page: 'token',
      label: t('neuronAccess.overview.links.token'),
      text: t('neuronAccess.overview.links.tokenText'),
    },
    ...(isPayer
      ? [
          {
            page: 'plans' as const,
            label: t('neuronAccess.overview.links.plans'),
            text: t('neuronAccess.overview.links.plansText'),
          },
        ]
      : []),
  ];
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('neuronAccess.overview.plan')}
          sx={{ p: 2, display: 'grid', gap: 1 }}
        >
          <Typography variant="subtitle1" component="h2">
            {t('neuronAccess.overview.plan')}
          </Typography>
          <Typography>
            {planName === undefined
              ? t('neuronAccess.overview.subscribed')
              : t('neuronAccess.overview.planName', { plan: planName })}
          </Typography>
        </Paper>
        {statistics.isError ? (
          <NeuronLoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
        ) : statistics.data === undefined ? (
          <Skeleton variant="rounded" height={110} aria-label={t('common.loading')} />
        ) : (
          <MonthCalls
            monthCalls={statistics.data.monthCalls}
            monthlyLimit={statistics.data.monthlyLimit ?? plan?.planCallsLimitMonthly ?? null}
          />
        )}
      </Box>
      <Box
        component="nav"
        aria-label={t('neuronAccess.overview.next')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {links.map((link) => (
          <Paper
            key={link.page}
            variant="outlined"
            sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'space-between' }}
          >
            <Typography variant="body2" color="text.secondary">
              {link.text}
            </Typography>
            <Box>
              <Button variant="outlined" component={RouterLink} to={neuronPath(neuron, link.page)}>
                {link.label}
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
    </>
  );
}

/**
 * A neuron at a glance: what it does, the team's plan and this month's calls against its limit,
 * and the way to test it, integrate it, get its token or change plan. Without a subscription, a
 * clear way to the plans.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const { neuron = '' } = useParams();
  const info = useNeuronInfo(neuron);
  const access = useNeuronAccess(neuron);

  if (info.isError) {
    return <NeuronLoadError error={info.error} onRetry={() => void info.refetch()} />;
  }
  if (info.data === undefined || access.isPending) return <LoadingBlock />;
  const { name, description } = info.data;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeading title={t('neuronAccess.overview.title', { name })} subtitle={description} />
      {access.isError ? (
        <NeuronLoadError error={access.error} onRetry={() => void access.refetch()} />
      ) : access.data.isSubscribed ? (
        <SubscribedOverview neuron={neuron} plan={access.data.plan} />
      ) : (
        <NoSubscription neuron={neuron} name={name} />
      )}
    </Box>
  );
}
