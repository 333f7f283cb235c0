import './i18n/register';
import type { TPaymentMethod } from '@app/contracts/billing';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Visa •••• 4242 · Expires 04/2028" or "ES •••• 1332 · Bank code 2100", with a Default tag. */
export function PaymentMethodLabel({ method }: { method: TPaymentMethod }) {
  const { t } = useTranslation();
  const detail =
    method.type === 'card'
      ? t('payment.paymentMethods.expires', {
          month: String(method.expMonth ?? '').padStart(2, '0'),
          year: String(method.expYear ?? ''),
        })
      : t('payment.paymentMethods.bankCode', { code: method.bankCode ?? '' });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {method.type === 'card' ? capitalize(method.prefix) : method.prefix.toUpperCase()}
      </Typography>
      <Typography component="span">•••• {method.last4}</Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {detail}
      </Typography>
      {method.isDefault ? (
        <Chip size="small" color="primary" label={t('payment.paymentMethods.default')} />
      ) : null}
    </Box>
  );
}
