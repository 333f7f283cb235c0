import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useAdminProducts } from '../api/get-admin-products';
import { usePromotionCodes } from '../api/get-promotion-codes';
import { AdminLayout } from '../components/admin-layout';
import { PromotionCodeForm } from '../components/promotion-code-form';
import { PromotionCodesTable } from '../components/promotion-codes-table';

function PromotionCodesSection() {
  const { t } = useTranslation();
  const codesQuery = usePromotionCodes();
  // Public prices: what a code may be restricted to, and how the table names them.
  const productsQuery = useAdminProducts();
  const query = codesQuery.isError ? codesQuery : productsQuery;

  if (codesQuery.isPending || productsQuery.isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Box>
    );
  }
  if (codesQuery.isError || productsQuery.isError) {
    return (
      <LoadError
        error={query.error}
        onRetry={() => {
          void codesQuery.refetch();
          void productsQuery.refetch();
        }}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PromotionCodeForm products={productsQuery.data} />
      <Divider />
      {codesQuery.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('admin.promotionCodes.empty')}
        </Typography>
      ) : (
        <PromotionCodesTable codes={codesQuery.data} products={productsQuery.data} />
      )}
    </Box>
  );
}

/** /admin/promotion-codes: the codes customers type at checkout, and a form for a new one. */
export function PromotionCodesPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('admin.promotionCodes.title')}
          </Typography>
          <Typography color="text.secondary">{t('admin.promotionCodes.subtitle')}</Typography>
        </Box>
        <PromotionCodesSection />
      </Paper>
    </AdminLayout>
  );
}
