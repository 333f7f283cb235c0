import '../i18n/register';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useBillingInfo } from '../../../components/payment/api/get-billing-info';
import { useInvoices } from '../../../components/payment/api/get-invoices';
import { BillingForm } from '../../../components/payment/billing-form';
import { InvoicesTable } from '../components/invoices-table';
import { RequirePayer } from '../components/require-payer';
import { SectionHeading } from '../components/section-heading';

function BillingScreen() {
  const { t } = useTranslation();
  const billingQuery = useBillingInfo();
  const invoicesQuery = useInvoices();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionHeading title={t('billing.info.title')} subtitle={t('billing.info.subtitle')} />
      {billingQuery.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : null}
      {billingQuery.isError ? (
        <LoadError
          error={billingQuery.error}
          onRetry={() => {
            void billingQuery.refetch();
          }}
        />
      ) : null}
      {billingQuery.isSuccess ? (
        <>
          <BillingForm initial={billingQuery.data} />
          <Typography color="text.secondary" role="note">
            {t(`billing.info.tax.${billingQuery.data.tax.treatment}`, {
              rate: billingQuery.data.tax.rate,
            })}
          </Typography>
        </>
      ) : null}
      <Divider />
      <Typography variant="h6" component="h2">
        {t('billing.invoices.title')}
      </Typography>
      {invoicesQuery.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {invoicesQuery.isError ? (
        <LoadError
          error={invoicesQuery.error}
          onRetry={() => {
            void invoicesQuery.refetch();
          }}
        />
      ) : null}
      {invoicesQuery.isSuccess ? <InvoicesTable invoices={invoicesQuery.data} /> : null}
    </Box>
  );
}

/** Account tab "Billing": the billing details and the invoices. */
export function BillingPage() {
  return (
    <RequirePayer>
      <BillingScreen />
    </RequirePayer>
  );
}
