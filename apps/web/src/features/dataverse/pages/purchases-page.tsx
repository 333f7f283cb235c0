import type { TPurchase } from '@app/contracts/dataverse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useCurrentUser } from '../../../lib/auth';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { usePurchases } from '../api/get-purchases';
import { PurchaseStatus } from '../components/purchase-status';
import '../i18n/register';
import { formatDatasetDate, userTimeZone } from '../utils/dataset-format';
import { getDataverseErrorMessage } from '../utils/error-text';
import { CATALOGUE_PATH, purchasePath } from '../utils/paths';

const PAGE_SIZES = [10, 20, 50];
const SKELETON_ROWS = 3;

function PurchaseRow({ purchase, timeZone }: { purchase: TPurchase; timeZone?: string }) {
  return (
    <TableRow hover>
      <TableCell>{formatDatasetDate(purchase.createdAt, timeZone)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={purchasePath(purchase.id)}>
          {purchase.datasetName}
        </Link>
      </TableCell>
      <TableCell align="right">{formatCount(purchase.quantity)}</TableCell>
      <TableCell align="right">{formatEuroCents(purchase.invoice.total)}</TableCell>
      <TableCell>
        <PurchaseStatus status={purchase.status} />
      </TableCell>
    </TableRow>
  );
}

/** /dataverse/purchases: the team's purchases, newest first, a page at a time. */
export function PurchasesPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const timeZone = userTimeZone(user);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const purchases = usePurchases({ page: page + 1, pageSize });
  const items = purchases.data?.items;

  if (purchases.isError) {
    return (
      <LoadError
        error={purchases.error}
        onRetry={() => void purchases.refetch()}
        message={getDataverseErrorMessage(t, purchases.error)}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h2">
        {t('dataverse.purchases.title')}
      </Typography>
      {items?.length === 0 && page === 0 ? (
        <Alert severity="info" role="status">
          {t('dataverse.purchases.empty')}{' '}
          <Link component={RouterLink} to={CATALOGUE_PATH}>
            {t('dataverse.purchases.browse')}
          </Link>
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <TableContainer>
            <Table size="small" aria-label={t('dataverse.purchases.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dataverse.purchases.date')}</TableCell>
                  <TableCell>{t('dataverse.purchases.dataset')}</TableCell>
                  <TableCell align="right">{t('dataverse.purchases.rows')}</TableCell>
                  <TableCell align="right">{t('dataverse.purchases.total')}</TableCell>
                  <TableCell>{t('dataverse.purchases.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody aria-busy={items === undefined}>
                {items === undefined
                  ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <TableRow key={index}>
                        <TableCell colSpan={5}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ))
                  : items.map((purchase) => (
                      <PurchaseRow key={purchase.id} purchase={purchase} timeZone={timeZone} />
                    ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={purchases.data?.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            labelRowsPerPage={t('dataverse.purchases.rowsPerPage')}
            onPageChange={(_, next: number) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Box>
  );
}
