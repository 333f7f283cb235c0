import './i18n/register';
import type { TPaymentMethod } from '@app/contracts/billing';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PaymentMethodLabel } from './payment-method-label';

type PaymentMethodListProps = {
  methods: TPaymentMethod[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** The team's cards and bank accounts; one of them can be selected. */
export function PaymentMethodList({ methods, selectedId, onSelect }: PaymentMethodListProps) {
  const { t } = useTranslation();
  if (methods.length === 0) {
    return <Typography color="text.secondary">{t('payment.paymentMethods.none')}</Typography>;
  }
  return (
    <RadioGroup
      aria-label={t('payment.paymentMethods.title')}
      value={selectedId ?? ''}
      onChange={(event) => {
        onSelect(event.target.value);
      }}
    >
      {methods.map((method) => (
        <FormControlLabel
          key={method.id}
          value={method.id}
          control={<Radio />}
          label={<PaymentMethodLabel method={method} />}
          sx={{ py: 0.5 }}
        />
      ))}
    </RadioGroup>
  );
}
