import type { TPurchase } from '@app/contracts/dataverse';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useInvoices } from '../../../components/payment/api/get-invoices';
import { ChallengeReturnNotice } from '../../../components/payment/challenge-return-notice';
import { useCurrentUser } from '../../../lib/auth';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { usePurchase } from '../api/get-purchase';
import { DatasetPrice } from '../components/dataset-price';
import { PurchaseDownloads } from '../components/purchase-downloads';
import { PurchasePayment } from '../components/purchase-payment';
import { PurchaseStatus } from '../components/purchase-status';
import '../i18n/register';
import { formatDatasetDate, userTimeZone } from '../utils/dataset-format';
import { getDataverseErrorMessage, isNotFound } from '../utils/error-text';
import { datasetPath, PURCHASES_PATH } from '../utils/paths';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The invoice of the purchase with its documents, once billing lists it. */
function InvoiceLinks({ purchase }: { purchase: TPurchase }) {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const invoice = invoices.data?.find((candidate) => candidate.id === purchase.invoice.id);
  const number = purchase.invoice.number ?? t('dataverse.purchase.unnumbered');
  if (invoice === undefined) return <>{number}</>;
  return (
    <>
      {number}{' '}
      <Link href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener" sx={{ ml: 1 }}>
        {t('dataverse.purchase.viewInvoice')}
      </Link>
      <Link href={invoice.invoicePdf} target="_blank" rel="noopener" sx={{ ml: 1 }}>
        {t('dataverse.purchase.invoicePdf')}
      </Link>
    </>
  );
}

/** Why an unpaid purchase is not delivered, and what to do. */
function PaymentNotice({ purchase }: { purchase: TPurchase }) {
  const { t } = useTranslation();
  const { status } = purchase;
  if (status === 'PAID') return null;
  const isError = status === 'PAYMENT_FAILED' || status === 'CANCELED';
  return (
    <Alert severity={isError ? 'error' : 'info'} role={isError ? 'alert' : 'status'}>
      {t(`dataverse.purchase.notice.${status}`)}
    </Alert>
  );
}

function PurchaseDetails({ purchase }: { purchase: TPurchase }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const timeZone = userTimeZone(user);
  const { invoice } = purchase;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {purchase.datasetId === null ? (
            purchase.datasetName
          ) : (
            <Link component={RouterLink} to={datasetPath(purchase.datasetId)}>
              {purchase.datasetName}
            </Link>
          )}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography color="text.secondary">
            {t('dataverse.card.provider', { name: purchase.providerName })}
          </Typography>
          <PurchaseStatus status={purchase.status} />
        </Box>
      </Box>
      <PaymentNotice purchase={purchase} />
      <PurchasePayment purchase={purchase} />
      <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('dataverse.purchase.detail')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
          }}
        >
          <Fact label={t('dataverse.purchase.rows')}>{formatCount(purchase.quantity)}</Fact>
          <Fact label={t('dataverse.purchase.unitPrice')}>
            <DatasetPrice pricingValue={purchase.pricingValue} pricingBase={purchase.pricingBase} />
          </Fact>
          <Fact label={t('dataverse.purchase.datasetPrice')}>
            {formatEuroCents(purchase.datasetPrice)}
          </Fact>
          {invoice.discount > 0 ? (
            <Fact label={t('dataverse.purchase.discount')}>
              −{formatEuroCents(invoice.discount)}
            </Fact>
          ) : null}
          <Fact label={t('dataverse.purchase.vat', { rate: invoice.taxRate })}>
            {formatEuroCents(invoice.tax)}
          </Fact>
          <Fact label={t('dataverse.purchase.total')}>
            <strong>{formatEuroCents(invoice.total)}</strong>
          </Fact>
          <Fact label={t('dataverse.purchase.ordered')}>
            {formatDatasetDate(purchase.createdAt, timeZone)}
          </Fact>
          {purchase.paidAt === null ? null : (
            <Fact label={t('dataverse.purchase.paid')}>
              {formatDatasetDate(purchase.paidAt, timeZone)}
            </Fact>
          )}
          <Fact label={t('dataverse.purchase.invoice')}>
            <InvoiceLinks purchase={purchase} />
          </Fact>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {t('dataverse.purchase.data')}
        </Typography>
        <PurchaseDownloads purchase={purchase} />
      </Paper>
    </Box>
  );
}

/**
 * /dataverse/purchase/{id}: a purchase of the team (spec 000 §3 purchase detail) with its
 * price, VAT and invoice, its status while the payment settles and the rows are copied (asked
 * again every 3 seconds), and its downloads. Another team's purchase is not found.
 */
export function PurchasePage() {
  const { t } = useTranslation();
  const { purchaseId = '' } = useParams();
  const purchase = usePurchase(purchaseId);

  let content;
  if (purchase.isError && isNotFound(purchase.error)) {
    content = (
      <Alert severity="warning" role="status">
        {t('dataverse.purchase.notFound')}
      </Alert>
    );
  } else if (purchase.isError) {
    content = (
      <LoadError
        error={purchase.error}
        onRetry={() => void purchase.refetch()}
        message={getDataverseErrorMessage(t, purchase.error)}
      />
    );
  } else if (purchase.data === undefined) {
    content = (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="rounded" height={200} />
      </Box>
    );
  } else {
    content = <PurchaseDetails purchase={purchase.data} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Button component={RouterLink} to={PURCHASES_PATH} startIcon={<ArrowBackIcon />}>
          {t('dataverse.purchase.back')}
        </Button>
      </Box>
      {content}
      <ChallengeReturnNotice />
    </Box>
  );
}
