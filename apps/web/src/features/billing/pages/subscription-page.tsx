import '../i18n/register';
import type { TSubscription } from '@app/contracts/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { useCancelSubscription } from '../api/cancel-subscription';
import { usePaymentMethods } from '../../../components/payment/api/get-payment-methods';
import { useSubscriptions } from '../api/get-subscriptions';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { ChallengeReturnNotice } from '../../../components/payment/challenge-return-notice';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PaymentDialog } from '../components/payment-dialog';
import { RequirePayer } from '../components/require-payer';
import { SectionHeading } from '../components/section-heading';
import { SubscriptionCard } from '../components/subscription-card';
import type { Purchase } from '../utils/purchase';
import { subscriptionPurchase } from '../utils/purchase';
import { getErrorMessage } from '../../../lib/error-message';

function SubscriptionScreen() {
  const { t } = useTranslation();
  const subscriptionsQuery = useSubscriptions();
  const methodsQuery = usePaymentMethods();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [cancelling, setCancelling] = useState<TSubscription | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const onError = (error: unknown) => {
    setNotice({ severity: 'error', text: getErrorMessage(t, error) });
  };

  const onConfirmCancel = () => {
    if (cancelling === null) return;
    setNotice(null);
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        setCancelling(null);
        setNotice({ severity: 'success', text: t('billing.subscriptions.canceled') });
      },
      onError: (error) => {
        setCancelling(null);
        onError(error);
      },
    });
  };

  const onReactivate = (subscription: TSubscription) => {
    setNotice(null);
    reactivate.mutate(subscription.id, {
      onSuccess: () => {
        setNotice({ severity: 'success', text: t('billing.subscriptions.reactivated') });
      },
      onError,
    });
  };

  const subscriptions = subscriptionsQuery.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionHeading
        title={t('billing.subscriptions.title')}
        subtitle={t('billing.subscriptions.subtitle')}
      />
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {subscriptionsQuery.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : null}
      {subscriptionsQuery.isError ? (
        <LoadError
          error={subscriptionsQuery.error}
          onRetry={() => {
            void subscriptionsQuery.refetch();
          }}
        />
      ) : null}
      {subscriptionsQuery.isSuccess && subscriptions.length === 0 ? (
        <Alert severity="info">{t('billing.subscriptions.empty')}</Alert>
      ) : null}
      {subscriptions.map((subscription) => (
        <SubscriptionCard
          key={subscription.id}
          subscription={subscription}
          paymentMethods={methodsQuery.data ?? []}
          isBusy={cancel.isPending || reactivate.isPending}
          onCancel={setCancelling}
          onReactivate={onReactivate}
          onPay={(chosen) => {
            setNotice(null);
            setPurchase(subscriptionPurchase(chosen));
          }}
        />
      ))}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('billing.subscriptions.cancelTitle')}
        message={t('billing.subscriptions.cancelQuestion', {
          name: cancelling?.serviceName ?? '',
        })}
        confirmLabel={t('billing.subscriptions.cancelConfirm')}
        cancelLabel={t('billing.actions.cancelUpper')}
        isPending={cancel.isPending}
        onConfirm={onConfirmCancel}
        onClose={() => {
          setCancelling(null);
        }}
      />
      <PaymentDialog
        purchase={purchase}
        onClose={() => {
          setPurchase(null);
        }}
      />
      <ChallengeReturnNotice />
    </Box>
  );
}

/** Account tab "Subscription": the team's subscriptions with their tags and actions. */
export function SubscriptionPage() {
  return (
    <RequirePayer>
      <SubscriptionScreen />
    </RequirePayer>
  );
}
