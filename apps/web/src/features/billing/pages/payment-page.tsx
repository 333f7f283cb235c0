import '../i18n/register';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { getErrorMessage } from '../../../lib/error-message';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { usePaymentMethods } from '../../../components/payment/api/get-payment-methods';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { AddPaymentMethod } from '../../../components/payment/add-payment-method';
import { PaymentMethodList } from '../../../components/payment/payment-method-list';
import { RequirePayer } from '../components/require-payer';
import { SectionHeading } from '../components/section-heading';

function PaymentScreen() {
  const { t } = useTranslation();
  const methodsQuery = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const methods = methodsQuery.data ?? [];
  const defaultId = methods.find((method) => method.isDefault)?.id ?? null;
  const selected = selectedId ?? defaultId;
  // Spec section 5: set as default needs a different method to be selected.
  const canSetDefault = selected !== null && selected !== defaultId && !setDefault.isPending;

  const onSetDefault = () => {
    if (selected === null) return;
    setNotice(null);
    setDefault.mutate(selected, {
      onSuccess: () => {
        setSelectedId(null);
        setNotice({ severity: 'success', text: t('billing.paymentMethods.defaultSet') });
      },
      onError: (error) => {
        setNotice({ severity: 'error', text: getErrorMessage(t, error) });
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionHeading
        title={t('billing.paymentMethods.title')}
        subtitle={t('billing.paymentMethods.subtitle')}
        action={
          isAdding ? null : (
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => {
                setNotice(null);
                setIsAdding(true);
              }}
            >
              {t('billing.paymentMethods.add')}
            </Button>
          )
        }
      />
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {methodsQuery.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton width="50%" />
          <Skeleton width="45%" />
        </Box>
      ) : null}
      {methodsQuery.isError ? (
        <LoadError
          error={methodsQuery.error}
          onRetry={() => {
            void methodsQuery.refetch();
          }}
        />
      ) : null}
      {methodsQuery.isSuccess ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <PaymentMethodList methods={methods} selectedId={selected} onSelect={setSelectedId} />
          {methods.length > 0 ? (
            <Button
              variant="contained"
              disabled={!canSetDefault}
              loading={setDefault.isPending}
              onClick={onSetDefault}
            >
              {t('billing.paymentMethods.setDefault')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      {isAdding ? (
        <AddPaymentMethod
          onAdded={(id) => {
            setIsAdding(false);
            if (id !== null) setSelectedId(id);
            setNotice({ severity: 'success', text: t('billing.paymentMethods.added') });
          }}
          onCancel={() => {
            setIsAdding(false);
          }}
        />
      ) : null}
    </Box>
  );
}

/** Account tab "Payment": the team's cards and bank accounts, the default one, adding more. */
export function PaymentPage() {
  return (
    <RequirePayer>
      <PaymentScreen />
    </RequirePayer>
  );
}
