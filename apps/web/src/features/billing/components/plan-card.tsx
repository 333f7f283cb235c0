import type { TPlan } from '@app/contracts/catalogue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';
import {
  annualSavingCents,
  getPlanPrice,
  type BillingInterval,
  type PlanCardAction,
} from '../utils/plan-card-action';
import { PlanFeatures } from './plan-features';

type PlanCardProps = {
  neuron: string;
  plan: TPlan;
  interval: BillingInterval;
  action: PlanCardAction;
  isBusy: boolean;
  onAction: (plan: TPlan, action: PlanCardAction) => void;
  onReactivate: () => void;
};

function PlanPrice({ plan, interval }: { plan: TPlan; interval: BillingInterval }) {
  const { t } = useTranslation();
  if (plan.isFree) {
    return (
      <Typography variant="h5" component="p">
        {t('billing.plans.free')}
      </Typography>
    );
  }
  if (plan.isEnterprise) {
    return (
      <Typography variant="h5" component="p">
        {t('billing.plans.customPrice')}
      </Typography>
    );
  }
  const price = getPlanPrice(plan, interval);
  if (price === null) {
    return <Typography color="text.secondary">{t('billing.plans.notSold')}</Typography>;
  }
  // Spec section 9: the annual price is shown per month (divided by 12).
  const perMonth = interval === 'YEAR' ? Math.round(price.cents / 12) : price.cents;
  const saving = annualSavingCents(plan);
  return (
    <Box>
      <Typography variant="h5" component="p">
        {formatEuroCents(perMonth)}
        <Typography component="span" color="text.secondary">
          {' '}
          {t('billing.plans.perMonth')}
        </Typography>
      </Typography>
      {interval === 'YEAR' ? (
        <Typography variant="body2" color="text.secondary">
          {t('billing.plans.billedAnnually', { price: formatEuroCents(price.cents) })}
          {saving !== null && saving > 0
            ? ` · ${t('billing.plans.saving', { amount: formatEuroCents(saving) })}`
            : ''}
        </Typography>
      ) : null}
    </Box>
  );
}

function actionLabel(t: TFunction, action: PlanCardAction): string {
  switch (action.kind) {
    case 'subscribe':
      return t('billing.plans.actions.subscribe');
    case 'startFree':
      return t('billing.plans.actions.startNow');
    case 'contactUs':
      return t('billing.plans.actions.contactUs');
    case 'pendingToPay':
      return t('billing.plans.actions.pendingToPay');
    case 'completePayment':
      return t('billing.plans.actions.completePayment');
    case 'processing':
      return t('billing.plans.actions.processing');
    case 'current':
      return t('billing.plans.actions.current');
    case 'scheduled':
      return t('billing.plans.actions.scheduled', { date: formatDate(action.startsAt) });
    case 'change':
      return t(`billing.plans.actions.${action.label}`);
  }
}

/** A plan: its price at the chosen interval, its limits and the button its state gives. */
export function PlanCard({
  neuron,
  plan,
  interval,
  action,
  isBusy,
  onAction,
  onReactivate,
}: PlanCardProps) {
  const { t } = useTranslation();
  const isCurrent = action.kind === 'current';
  const isDisabled =
    isBusy ||
    isCurrent ||
    action.kind === 'processing' ||
    action.kind === 'scheduled' ||
    ((action.kind === 'subscribe' || action.kind === 'change') &&
      getPlanPrice(plan, interval) === null);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={plan.planName}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: isCurrent ? 'primary.main' : undefined,
        borderWidth: isCurrent ? 2 : 1,
      }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {plan.planName}
          </Typography>
          {isCurrent ? (
            <Chip size="small" color="primary" label={t('billing.plans.currentTag')} />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {plan.planDesc}
        </Typography>
        <PlanPrice plan={plan} interval={interval} />
        <PlanFeatures neuron={neuron} plan={plan} />
        {action.kind === 'current' && action.cancelAt !== null ? (
          <Alert severity="warning">
            {t('billing.plans.cancelAlert', { date: formatDate(action.cancelAt) })}{' '}
            <Link
              component="button"
              type="button"
              onClick={onReactivate}
              disabled={isBusy}
              sx={{ verticalAlign: 'baseline' }}
            >
              {t('billing.subscriptions.reactivate')}
            </Link>
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          fullWidth
          variant={isCurrent || action.kind === 'contactUs' ? 'outlined' : 'contained'}
          disabled={isDisabled}
          onClick={() => {
            onAction(plan, action);
          }}
        >
          {actionLabel(t, action)}
        </Button>
      </CardActions>
    </Card>
  );
}
