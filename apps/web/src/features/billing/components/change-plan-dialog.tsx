import type { TSubscription } from '@app/contracts/billing';
import type { TPlan } from '@app/contracts/catalogue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePlan } from '../api/change-plan';
import { usePaymentMethods } from '../../../components/payment/api/get-payment-methods';
import { usePlanChangePreview } from '../api/preview-plan-change';
import { billingKeys } from '../../../components/payment/api/query-keys';
import { formatDate, formatEuroCents } from '../../../lib/format';
import { useCompletePaymentAction } from '../../../components/payment/use-payment-client';
import { getPaymentOutcome } from '../utils/payment-outcome';
import { getPlanPrice, type BillingInterval } from '../utils/plan-card-action';
import { getErrorMessage } from '../../../lib/error-message';
import { PaymentMethodList } from '../../../components/payment/payment-method-list';
import { PlanChangeSummary } from './plan-change-summary';
import {
  PaymentResultDialog,
  type PaymentResult,
} from '../../../components/payment/payment-result-dialog';

export type PlanChange = {
  subscription: TSubscription;
  plan: TPlan;
  interval: BillingInterval;
  direction: 'upgrade' | 'downgrade';
};

type ChangePlanDialogProps = {
  change: PlanChange | null;
  onClose: () => void;
};

/** Spec section 4's plan change: upgrades are charged at once, downgrades wait for the period's end. */
export function ChangePlanDialog({ change, onClose }: ChangePlanDialogProps) {
  return change === null ? null : <ChangePlanContent change={change} onClose={onClose} />;
}

function ChangePlanContent({ change, onClose }: { change: PlanChange; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const methodsQuery = usePaymentMethods();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const { subscription, plan, interval, direction } = change;
  const price = getPlanPrice(plan, interval);
  const methods = methodsQuery.data ?? [];
  const previewQuery = usePlanChangePreview(
    subscription.neuron,
    price === null
      ? null
      : { priceId: price.priceId, planCode: plan.planCode, internalId: subscription.internalId },
  );
  const preview = previewQuery.data ?? null;
  const paymentId =
    chosenId ??
    subscription.paymentMethodId ??
    subscription.paymentIntent?.paymentMethodId ??
    methods.find((method) => method.isDefault)?.id ??
    null;

  const mutation = useMutation({
    mutationFn: changePlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
  const completeAction = useCompletePaymentAction();
  const isPending = mutation.isPending || completeAction.isPending;

  const onConfirm = () => {
    if (price === null || paymentId === null) return;
    setError(null);
    mutation.mutate(
      {
        neuron: subscription.neuron,
        request: {
          priceId: price.priceId,
          planCode: plan.planCode,
          paymentId,
          internalId: subscription.internalId,
        },
      },
      {
        onSuccess: (response) => {
          const outcome = getPaymentOutcome({ response, isPlanChange: true });
          if (outcome.kind !== 'requiresAction') {
            setResult(outcome);
            return;
          }
          completeAction.mutate(
            { action: outcome.action },
            {
              onSuccess: (actionResult) => {
                if (actionResult !== null) setResult(actionResult);
              },
              onError: (failure) => {
                setError(getErrorMessage(t, failure));
              },
            },
          );
        },
        onError: (failure) => {
          setError(getErrorMessage(t, failure));
        },
      },
    );
  };

  const intervalName = (value: BillingInterval | null) =>
    value === null ? '' : ` · ${t(`billing.intervals.${value}`)}`;

  return (
    <>
      <Dialog
        open={result === null}
        onClose={isPending ? undefined : onClose}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>
          {t(
            direction === 'upgrade'
              ? 'billing.change.upgradeTitle'
              : 'billing.change.downgradeTitle',
          )}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography>
              {t('billing.change.from', {
                plan: `${subscription.planInfo.planName}${intervalName(subscription.interval)}`,
              })}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {t('billing.change.to', { plan: `${plan.planName}${intervalName(interval)}` })}
              {price === null ? '' : ` · ${formatEuroCents(price.cents)}`}
            </Typography>
          </Box>
          <Alert severity="info">
            {direction === 'upgrade'
              ? t('billing.change.upgradeNote')
              : t('billing.change.downgradeNote', { date: formatDate(subscription.endDate) })}
          </Alert>
          <PlanChangeSummary
            preview={preview}
            isLoading={previewQuery.isPending}
            error={previewQuery.isError ? getErrorMessage(t, previewQuery.error) : null}
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('billing.payment.paymentMethod')}
            </Typography>
            <PaymentMethodList methods={methods} selectedId={paymentId} onSelect={setChosenId} />
          </Box>
          {error === null ? null : <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('billing.actions.cancelUpper')}
          </Button>
          <Button
            variant="contained"
            disabled={price === null || paymentId === null || preview === null || isPending}
            loading={isPending}
            onClick={onConfirm}
          >
            {t('billing.change.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <PaymentResultDialog
        result={result}
        onClose={() => {
          const wasFailure = result?.kind === 'failed' || result?.kind === 'authenticationFailed';
          setResult(null);
          if (!wasFailure) onClose();
        }}
      />
    </>
  );
}
