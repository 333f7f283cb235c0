import './i18n/register';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '../../lib/format';
import type { TOrderTotals, TTaxInfo } from '@app/contracts/billing';

function Row({
  label,
  value,
  isStrong = false,
}: {
  label: string;
  value: string;
  isStrong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={isStrong ? { fontWeight: 700 } : undefined}>{label}</Typography>
      <Typography sx={isStrong ? { fontWeight: 700 } : undefined} data-testid={`total-${label}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** Subtotal, discount, VAT and total of an order, and why no VAT is added when none is. */
export function OrderTotals({ totals, tax }: { totals: TOrderTotals; tax: TTaxInfo }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} aria-label={t('payment.totals.title')} role="group">
      <Row label={t('payment.totals.subtotal')} value={formatEuroCents(totals.subtotal)} />
      {totals.discount > 0 ? (
        <Row label={t('payment.totals.discount')} value={`−${formatEuroCents(totals.discount)}`} />
      ) : null}
      <Row
        label={t('payment.totals.vat', { rate: tax.rate })}
        value={formatEuroCents(totals.vat)}
      />
      <Divider sx={{ my: 0.5 }} />
      <Row label={t('payment.totals.total')} value={formatEuroCents(totals.total)} isStrong />
      {tax.treatment === 'standard' ? null : (
        <Typography variant="body2" color="text.secondary">
          {t(`payment.info.tax.${tax.treatment}`)}
        </Typography>
      )}
    </Box>
  );
}
