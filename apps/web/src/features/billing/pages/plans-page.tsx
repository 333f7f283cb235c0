import '../i18n/register';
import type { TPlan } from '@app/contracts/catalogue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { MessageDialog } from '../../../components/message-dialog';
import { ApiError } from '../../../lib/api-error';
import { useActivateFreePlan } from '../api/activate-free-plan';
import { useAvailablePlans } from '../api/get-available-plans';
import { useCurrentPlan } from '../api/get-current-plan';
import { useNeuron } from '../api/get-neuron';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { ChallengeReturnNotice } from '../../../components/payment/challenge-return-notice';
import { ChangePlanDialog, type PlanChange } from '../components/change-plan-dialog';
import { PaymentDialog } from '../components/payment-dialog';
import { PlanCard } from '../components/plan-card';
import { RequirePayer } from '../components/require-payer';
import {
  getPlanCardAction,
  type BillingInterval,
  type PlanCardAction,
} from '../utils/plan-card-action';
import { planPurchase, subscriptionPurchase, type Purchase } from '../utils/purchase';
import { getErrorMessage } from '../../../lib/error-message';
import { liveSubscription } from '../utils/subscription-rules';

/** Spec section 2: these neurons offer no "Free Forever" plan. */
const NO_FREE_PLAN = new Set(['FinancialViewer', 'CubanMarketData']);

type Notice = { title: string; message: string };

function PlansScreen({ neuron }: { neuron: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const neuronQuery = useNeuron(neuron);
  const plansQuery = useAvailablePlans(neuron);
  const currentQuery = useCurrentPlan(neuron);
  const activateFree = useActivateFreePlan();
  const reactivate = useReactivateSubscription();
  const [chosenInterval, setBillingInterval] = useState<BillingInterval | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [change, setChange] = useState<PlanChange | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const queries = [neuronQuery, plansQuery, currentQuery] as const;
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <LoadError
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  }
  if (!neuronQuery.isSuccess || !plansQuery.isSuccess || !currentQuery.isSuccess) {
    return (
      <Box
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Skeleton width="40%" height={40} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(3, 1fr)' } }}>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      </Box>
    );
  }

  const info = neuronQuery.data;
  const subscription = liveSubscription(currentQuery.data.currentSubscription);
  const currentPlan = subscription === null ? null : currentQuery.data.currentPlan;
  // The toggle starts at the interval the team pays.
  const interval = chosenInterval ?? subscription?.interval ?? 'MONTH';
  const plans = plansQuery.data
    .filter((plan) => !(plan.isFree && NO_FREE_PLAN.has(neuron)))
    .sort((a, b) => a.planRank - b.planRank);

  const onActivateFree = () => {
    activateFree.mutate(neuron, {
      onSuccess: () => {
        setNotice({ title: t('billing.free.successTitle'), message: t('billing.free.success') });
      },
      onError: (error) => {
        const isRefused = error instanceof ApiError && error.code === 'BUSINESS_RULE';
        setNotice({
          title: t('billing.result.errorTitle'),
          message: isRefused ? getErrorMessage(t, error) : t('billing.free.failed'),
        });
      },
    });
  };

  const onAction = (plan: TPlan, action: PlanCardAction) => {
    switch (action.kind) {
      case 'contactUs':
        void navigate('/account/support');
        return;
      case 'startFree':
        onActivateFree();
        return;
      case 'subscribe':
        setPurchase(planPurchase({ neuron, productName: info.name, plan, interval }));
        return;
      case 'pendingToPay':
      case 'completePayment':
        if (subscription !== null) setPurchase(subscriptionPurchase(subscription));
        return;
      case 'change':
        if (subscription !== null) {
          setChange({
            subscription,
            plan,
            interval,
            direction: action.label === 'upgrade' ? 'upgrade' : 'downgrade',
          });
        }
        return;
      default:
        return;
    }
  };

  const onReactivate = () => {
    if (subscription === null) return;
    reactivate.mutate(subscription.id, {
      onError: (error) => {
        setNotice({
          title: t('billing.result.errorTitle'),
          message: getErrorMessage(t, error),
        });
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {t('billing.plans.title', { name: info.name })}
          </Typography>
          <Typography color="text.secondary">{info.description}</Typography>
        </Box>
        {subscription?.status === 'ACTIVE' ? (
          <Button component={RouterLink} to={`/neurons/${encodeURIComponent(neuron)}/token`}>
            {t('billing.token.link')}
          </Button>
        ) : null}
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          value={interval}
          aria-label={t('billing.plans.interval')}
          onChange={(_, value: BillingInterval | null) => {
            if (value !== null) setBillingInterval(value);
          }}
        >
          <ToggleButton value="MONTH">{t('billing.plans.monthly')}</ToggleButton>
          <ToggleButton value="YEAR">{t('billing.plans.annual')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {subscription?.status === 'PROCESSING' ? (
        <Alert severity="info">{t('billing.result.processing')}</Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            sm: 'repeat(2, 1fr)',
            lg: `repeat(${String(Math.min(plans.length, 4))}, 1fr)`,
          },
        }}
      >
        {plans.map((plan) => (
          <PlanCard
            key={plan.planId}
            neuron={neuron}
            plan={plan}
            interval={interval}
            action={getPlanCardAction({ plan, interval, subscription, currentPlan })}
            isBusy={(plan.isFree && activateFree.isPending) || reactivate.isPending}
            onAction={onAction}
            onReactivate={onReactivate}
          />
        ))}
      </Box>
      <PaymentDialog
        purchase={purchase}
        onClose={() => {
          setPurchase(null);
        }}
      />
      <ChangePlanDialog
        change={change}
        onClose={() => {
          setChange(null);
        }}
      />
      <MessageDialog
        isOpen={notice !== null}
        title={notice?.title ?? ''}
        message={notice?.message ?? ''}
        onClose={() => {
          setNotice(null);
        }}
      />
      <ChallengeReturnNotice />
    </Box>
  );
}

/**
 * The Plans page of a neuron: monthly or annual prices and every plan card's state. The neuron
 * is the address's, or `neuron` for a module's own plans route (/nucleus/plans).
 */
export function PlansPage({ neuron: fixedNeuron }: { neuron?: string }) {
  const { neuron = '' } = useParams();
  return (
    <RequirePayer>
      <PlansScreen neuron={fixedNeuron ?? neuron} />
    </RequirePayer>
  );
}
