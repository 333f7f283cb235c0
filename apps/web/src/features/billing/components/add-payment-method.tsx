import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardForm } from './card-form';
import { IbanForm } from './iban-form';

type AddPaymentMethodProps = {
  onAdded: (paymentMethodId: string | null) => void;
  onCancel: () => void;
};

/** Adds a card or a SEPA bank account (IBAN). */
export function AddPaymentMethod({ onAdded, onCancel }: AddPaymentMethodProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<'card' | 'sepa_debit'>('card');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t('billing.paymentMethods.addTitle')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={type}
        aria-label={t('billing.paymentMethods.type')}
        onChange={(_, value: 'card' | 'sepa_debit' | null) => {
          if (value !== null) setType(value);
        }}
      >
        <ToggleButton value="card">{t('billing.paymentMethods.card')}</ToggleButton>
        <ToggleButton value="sepa_debit">{t('billing.paymentMethods.sepa')}</ToggleButton>
      </ToggleButtonGroup>
      {type === 'card' ? (
        <CardForm onAdded={onAdded} onCancel={onCancel} />
      ) : (
        <IbanForm onAdded={onAdded} onCancel={onCancel} />
      )}
    </Box>
  );
}
