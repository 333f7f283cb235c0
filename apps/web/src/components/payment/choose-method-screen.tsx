import './i18n/register';
import type { TPaymentMethod } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutSection } from './checkout-section';
import { PaymentMethodList } from './payment-method-list';

/** The spec's showPayments screen: choose one of the team's payment methods, or add one. */
export function ChooseMethodScreen({
  methods,
  selectedId,
  back,
  onSelect,
  onAdd,
  onUse,
}: {
  methods: TPaymentMethod[];
  selectedId: string | null;
  back: ReactNode;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onUse: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CheckoutSection title={t('payment.checkout.choose')} action={back}>
      <PaymentMethodList methods={methods} selectedId={selectedId} onSelect={onSelect} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onAdd}>{t('payment.paymentMethods.add')}</Button>
        <Button variant="contained" disabled={selectedId === null} onClick={onUse}>
          {t('payment.checkout.useMethod')}
        </Button>
      </Box>
    </CheckoutSection>
  );
}
