import './i18n/register';
import { orderTotals } from '@app/contracts/billing';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../lib/error-message';
import { AddMethodScreen } from './add-method-screen';
import { useBillingInfo } from './api/get-billing-info';
import { usePaymentMethods } from './api/get-payment-methods';
import { billingKeys } from './api/query-keys';
import { isBillingComplete } from './billing-form';
import { BillingInfoScreen } from './billing-info-screen';
import {
  isFailure,
  type CheckoutDiscount,
  type CheckoutStep,
  type PendingAction,
} from './checkout';
import { ChooseMethodScreen } from './choose-method-screen';
import type { SepaMandateUse } from './iban-form';
import { OrderScreen } from './order-screen';
import type { PaymentAction } from './payment-client';
import { PaymentResultDialog, type PaymentResult } from './payment-result-dialog';
import { useCompletePaymentAction } from './use-payment-client';

type Screen = 'main' | 'payments' | 'addPayment' | 'billing';

export type CheckoutDialogProps = {
  /** What is bought, shown in the order summary. */
  summary: ReactNode;
  /** The order's price before discount and VAT, in euro cents. */
  subtotalCents: number;
  discount: CheckoutDiscount | null;
  /** The coupon field, when the order takes a promotion code. */
  couponSection?: ReactNode;
  pendingAction?: PendingAction | null;
  /** What a SEPA account added here is debited for (subscriptions by default). */
  mandateUse?: SepaMandateUse;
  /** Charges the order with the chosen payment method (one press of PROCEED TO PAYMENT). */
  submit: (paymentId: string) => Promise<CheckoutStep>;
  onClose: () => void;
  /** After a success or processing result is dismissed (onClose by default). */
  onDone?: () => void;
};

/**
 * The full-screen "Payment process" dialog (spec 000 §2) for any order, a subscription or a
 * dataset: its four inner screens, the totals with the VAT of the team's billing details, the
 * gateway's 3-D Secure step and the result dialogs. A payment in flight disables every way out
 * and PROCEED, so a double press charges once.
 */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const { submit, onClose, pendingAction } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const methodsQuery = usePaymentMethods();
  const billingQuery = useBillingInfo();
  const [screen, setScreen] = useState<Screen>('main');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  // Set from a press until its result is dismissed: a second press (before React re-renders
  // the disabled button, or while the result shows) does not charge again.
  const isSubmitting = useRef(false);

  const methods = methodsQuery.data ?? [];
  const paymentId =
    chosenId ?? methods.find((method) => method.isDefault)?.id ?? methods[0]?.id ?? null;
  const paymentMethod = methods.find((method) => method.id === paymentId) ?? null;
  const billing = billingQuery.data;
  const isBillingReady = isBillingComplete(billing);
  // The server's tax rule for these billing details: what it will invoice and charge.
  const vatRate = billing?.tax.rate;
  const totals =
    vatRate === undefined
      ? undefined
      : orderTotals({
          subtotalCents: props.subtotalCents,
          coupon: props.discount,
          vatRatePercent: vatRate,
        });

  const pay = useMutation({
    mutationFn: submit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
  const completeAction = useCompletePaymentAction();
  const isPaying = pay.isPending || completeAction.isPending;
  const canProceed =
    paymentId !== null && isBillingReady && totals !== undefined && !isPaying && result === null;

  /** 3-D Secure: the sandbox's challenge page, or Stripe.js's dialog and then the result. */
  const onAction = (
    action: PaymentAction,
    options: { returnTo?: string; onFailed?: () => void },
  ) => {
    completeAction.mutate(
      { action, returnTo: options.returnTo },
      {
        onSuccess: (actionResult) => {
          if (actionResult === null) return;
          if (isFailure(actionResult)) options.onFailed?.();
          setResult(actionResult);
        },
        onError: (failure) => {
          isSubmitting.current = false;
          setError(getErrorMessage(t, failure));
        },
      },
    );
  };

  const onProceed = () => {
    if (paymentId === null || isSubmitting.current) return;
    isSubmitting.current = true;
    setError(null);
    if (pendingAction && pendingAction.paymentMethodId === paymentId) {
      onAction(pendingAction.action, pendingAction);
      return;
    }
    pay.mutate(paymentId, {
      onSuccess: (step) => {
        if (step.kind === 'requiresAction') onAction(step.action, step);
        else setResult(step.result);
      },
      onError: (failure) => {
        isSubmitting.current = false;
        setError(getErrorMessage(t, failure));
      },
    });
  };

  const onResultClose = () => {
    const wasFailure = isFailure(result);
    isSubmitting.current = false;
    setResult(null);
    if (wasFailure) setScreen('payments');
    else (props.onDone ?? onClose)();
  };

  const toMain = () => {
    setScreen('main');
  };
  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={toMain}>
      {t('payment.actions.back')}
    </Button>
  );

  return (
    <Dialog fullScreen open onClose={isPaying ? undefined : onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="primary" elevation={0}>
        <Toolbar>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('payment.checkout.title')}
          </Typography>
          <IconButton
            color="inherit"
            edge="end"
            aria-label={t('payment.actions.close')}
            disabled={isPaying}
            onClick={onClose}
          >
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          width: '100%',
          maxWidth: 720,
          mx: 'auto',
          p: { xs: 2, sm: 3 },
          display: 'grid',
          gap: 2,
        }}
      >
        {screen === 'main' ? (
          <OrderScreen
            summary={props.summary}
            billingQuery={billingQuery}
            isBillingReady={isBillingReady}
            methodsQuery={methodsQuery}
            paymentMethod={paymentMethod}
            couponSection={props.couponSection}
            totals={totals}
            error={error}
            isPaying={isPaying}
            canProceed={canProceed}
            onEditBilling={() => {
              setScreen('billing');
            }}
            onChangeMethod={() => {
              setScreen(methods.length === 0 ? 'addPayment' : 'payments');
            }}
            onCancel={onClose}
            onProceed={onProceed}
          />
        ) : null}
        {screen === 'payments' ? (
          <ChooseMethodScreen
            methods={methods}
            selectedId={paymentId}
            back={back}
            onSelect={setChosenId}
            onAdd={() => {
              setScreen('addPayment');
            }}
            onUse={toMain}
          />
        ) : null}
        {screen === 'addPayment' ? (
          <AddMethodScreen
            back={back}
            mandateUse={props.mandateUse}
            onAdded={(id) => {
              if (id !== null) setChosenId(id);
              toMain();
            }}
            onCancel={toMain}
          />
        ) : null}
        {screen === 'billing' ? <BillingInfoScreen billing={billing} onDone={toMain} /> : null}
      </Box>
      <PaymentResultDialog result={result} onClose={onResultClose} />
    </Dialog>
  );
}
