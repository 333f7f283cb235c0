import type { TPlanChangePreview } from '@app/contracts/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';

type PlanChangeSummaryProps = {
  preview: TPlanChangePreview | null;
  isLoading: boolean;
  error: string | null;
};

/** The money of a plan change, as the server will charge it, shown before it is confirmed. */
export function PlanChangeSummary({ preview, isLoading, error }: PlanChangeSummaryProps) {
  const { t } = useTranslation();
  if (error !== null) return <Alert severity="error">{error}</Alert>;
  if (isLoading || preview === null) {
    return (
      <Box aria-busy="true" aria-label={t('billing.change.summaryLoading')}>
        <Skeleton width="60%" />
        <Skeleton width="80%" />
      </Box>
    );
  }
  return (
    <Box
      component="section"
      aria-label={t('billing.change.summaryTitle')}
      sx={{ display: 'grid', gap: 0.5 }}
    >
      <Typography sx={{ fontWeight: 600 }} data-testid="charge-now">
        {t('billing.change.chargeNow', { amount: formatEuroCents(preview.chargeNow.total) })}
      </Typography>
      {preview.chargeNow.total > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('billing.change.chargeNowDetail', {
            subtotal: formatEuroCents(preview.chargeNow.subtotal),
            tax: formatEuroCents(preview.chargeNow.tax),
          })}
        </Typography>
      ) : null}
      <Typography variant="body2" data-testid="applies-from">
        {t(`billing.change.appliesFrom.${preview.interval}`, {
          price: formatEuroCents(preview.newPriceCents),
          date: formatDate(preview.appliesFrom),
        })}
      </Typography>
    </Box>
  );
}
