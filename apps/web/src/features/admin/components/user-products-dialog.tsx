import type { TAdminUser } from '@app/contracts/admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useAdminProducts } from '../api/get-admin-products';
import { useUserInvoices } from '../api/get-user-invoices';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { CustomPriceForm } from './custom-price-form';
import { PendingSubscriptionForm } from './pending-subscription-form';
import { UserInvoicesTable } from './user-invoices-table';
import { UserSubscriptionsTable } from './user-subscriptions-table';

function LoadingRows({ label }: { label: string }) {
  return (
    <Box role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={32} />
      ))}
    </Box>
  );
}

function SubscriptionsSection({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  const subscriptionsQuery = useUserSubscriptions(user.id);
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('admin.billing.subscriptions.title')}
      </Typography>
      {subscriptionsQuery.isPending ? <LoadingRows label={t('common.loading')} /> : null}
      {subscriptionsQuery.isError ? (
        <LoadError
          error={subscriptionsQuery.error}
          onRetry={() => {
            void subscriptionsQuery.refetch();
          }}
        />
      ) : null}
      {subscriptionsQuery.isSuccess && subscriptionsQuery.data.length === 0 ? (
        <Typography color="text.secondary">{t('admin.billing.subscriptions.empty')}</Typography>
      ) : null}
      {subscriptionsQuery.isSuccess && subscriptionsQuery.data.length > 0 ? (
        <UserSubscriptionsTable email={user.email} subscriptions={subscriptionsQuery.data} />
      ) : null}
    </Box>
  );
}

function InvoicesSection({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  const invoicesQuery = useUserInvoices(user.id);
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('admin.billing.invoices.title')}
      </Typography>
      {invoicesQuery.isPending ? <LoadingRows label={t('common.loading')} /> : null}
      {invoicesQuery.isError ? (
        <LoadError
          error={invoicesQuery.error}
          onRetry={() => {
            void invoicesQuery.refetch();
          }}
        />
      ) : null}
      {invoicesQuery.isSuccess && invoicesQuery.data.length === 0 ? (
        <Typography color="text.secondary">{t('admin.billing.invoices.empty')}</Typography>
      ) : null}
      {invoicesQuery.isSuccess && invoicesQuery.data.length > 0 ? (
        <UserInvoicesTable userId={user.id} email={user.email} invoices={invoicesQuery.data} />
      ) : null}
    </Box>
  );
}

function ProductForms({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  const productsQuery = useAdminProducts(user.id);
  if (productsQuery.isPending) return <LoadingRows label={t('common.loading')} />;
  if (productsQuery.isError) {
    return (
      <LoadError
        error={productsQuery.error}
        onRetry={() => {
          void productsQuery.refetch();
        }}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <CustomPriceForm userId={user.id} products={productsQuery.data} />
      <PendingSubscriptionForm userId={user.id} products={productsQuery.data} />
    </Box>
  );
}

type UserProductsDialogProps = { user: TAdminUser | null; onClose: () => void };

/**
 * The products Update dialog of one user: their subscriptions, their invoices (with credit
 * notes), a custom price for their team and a PENDING subscription they then pay themselves.
 */
export function UserProductsDialog({ user, onClose }: UserProductsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      {user === null ? null : (
        <>
          <DialogTitle id={titleId}>{t('admin.billing.title', { email: user.email })}</DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
            <SubscriptionsSection user={user} />
            <InvoicesSection user={user} />
            <Divider />
            <ProductForms user={user} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('admin.billing.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
