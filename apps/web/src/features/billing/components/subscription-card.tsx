import type { TPaymentMethod, TSubscription } from '@app/contracts/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents, formatPercent } from '../../../lib/format';
import { getStatusTagColor } from '../../../lib/subscription-status';
import {
  canCancel,
  canPay,
  canReactivate,
  getDateLabel,
  getIntentProblem,
  getDiscountedPrice,
  getSubscriptionPrice,
  showsPaymentMethod,
} from '../utils/subscription-rules';
import { PaymentMethodLabel } from '../../../components/payment/payment-method-label';

type SubscriptionCardProps = {
  subscription: TSubscription;
  paymentMethods: TPaymentMethod[];
  isBusy: boolean;
  onCancel: (subscription: TSubscription) => void;
  onReactivate: (subscription: TSubscription) => void;
  onPay: (subscription: TSubscription) => void;
};

/** One subscription: status tag, plan, price, date, payment method and its actions. */
export function SubscriptionCard({
  subscription,
  paymentMethods,
  isBusy,
  onCancel,
  onReactivate,
  onPay,
}: SubscriptionCardProps) {
  const { t } = useTranslation();
  const dateLabel = getDateLabel(subscription);
  const price = getSubscriptionPrice(subscription);
  const intentProblem = getIntentProblem(subscription);
  const discounted = getDiscountedPrice(subscription);
  const paymentMethod =
    paymentMethods.find((method) => method.id === subscription.paymentIntent?.paymentMethodId) ??
    paymentMethods.find((method) => method.id === subscription.paymentMethodId) ??
    paymentMethods.find((method) => method.isDefault) ??
    null;
  const statusLabel = t(`billing.status.${subscription.status}`);

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={subscription.serviceName}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        {subscription.imageUrl ? (
          <Box
            component="img"
            src={subscription.imageUrl}
            alt=""
            onError={(event) => {
              // A missing picture leaves no broken-image mark.
              event.currentTarget.style.visibility = 'hidden';
            }}
            sx={{ width: 40, height: 40 }}
          />
        ) : null}
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {subscription.serviceName}
          </Typography>
          <Typography color="text.secondary">
            {subscription.planInfo.planName}
            {subscription.interval === null
              ? ''
              : ` · ${t(`billing.intervals.${subscription.interval}`)}`}
            {price === null || discounted !== null ? '' : ` · ${formatEuroCents(price)}`}
            {price === null || discounted === null ? null : (
              <>
                {' · '}
                <del>{formatEuroCents(price)}</del> {formatEuroCents(discounted)}
              </>
            )}
          </Typography>
          {subscription.discount === null ? null : (
            <Typography variant="body2" color="success.main" data-testid="subscription-discount">
              {subscription.discountEndsAt === null
                ? t('billing.subscriptions.discount', {
                    discount: discountLabel(subscription.discount),
                  })
                : t('billing.subscriptions.discountUntil', {
                    discount: discountLabel(subscription.discount),
                    date: formatDate(subscription.discountEndsAt),
                  })}
            </Typography>
          )}
        </Box>
        <Chip
          label={
            subscription.status === 'ACTIVE' && subscription.cancelAtPeriodEnd
              ? t('billing.status.cancelling')
              : statusLabel
          }
          color={getStatusTagColor(subscription)}
          data-status={subscription.status}
        />
      </Box>
      {dateLabel === null ? null : (
        <Typography variant="body2">
          {t(`billing.dates.${dateLabel.kind}`, { date: formatDate(dateLabel.date) })}
        </Typography>
      )}
      {subscription.scheduledChange === null ? null : (
        <Alert severity="info">
          {t('billing.subscriptions.scheduledChange', {
            plan: subscription.scheduledChange.planName,
            date: formatDate(subscription.scheduledChange.startsAt),
          })}
        </Alert>
      )}
      {intentProblem === null ? null : (
        <Alert severity="error">{t(`billing.intent.${intentProblem}`)}</Alert>
      )}
      {showsPaymentMethod(subscription) && paymentMethod !== null ? (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('billing.subscriptions.paymentMethod')}
          </Typography>
          <PaymentMethodLabel method={paymentMethod} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        {canPay(subscription) ? (
          <Button
            variant="contained"
            disabled={isBusy}
            onClick={() => {
              onPay(subscription);
            }}
          >
            {t('billing.subscriptions.goToPay')}
          </Button>
        ) : null}
        {canReactivate(subscription) ? (
          <Button
            variant="contained"
            disabled={isBusy}
            onClick={() => {
              onReactivate(subscription);
            }}
          >
            {t('billing.subscriptions.reactivate')}
          </Button>
        ) : null}
        {canCancel(subscription) ? (
          <Button
            color="error"
            disabled={isBusy}
            onClick={() => {
              onCancel(subscription);
            }}
          >
            {t('billing.subscriptions.cancel')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

function discountLabel(discount: NonNullable<TSubscription['discount']>): string {
  return discount.amountOff === null
    ? formatPercent((discount.percentOff ?? 0) / 100)
    : formatEuroCents(discount.amountOff);
}
