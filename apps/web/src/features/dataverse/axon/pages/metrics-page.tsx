import '../i18n/register';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FigureBox } from '../../../../components/figure-box';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { formatCount, formatEuroCents } from '../../../../lib/format';
import { useSellerMetrics } from '../api/get-seller-metrics';
import { SellerDaysChart } from '../components/seller-days-chart';

/**
 * /axon/metrics: the team's views, purchases and revenue as a seller, in total, per day of the
 * last 30 days and per dataset.
 */
export function MetricsPage() {
  const { t } = useTranslation();
  const metrics = useSellerMetrics();
  if (metrics.isPending) return <PageLoader />;
  if (metrics.isError) {
    return <LoadError error={metrics.error} onRetry={() => void metrics.refetch()} />;
  }
  const { totals, days, datasets } = metrics.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('axon.metrics.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
        }}
      >
        <FigureBox label={t('axon.metrics.views')} value={formatCount(totals.views)} />
        <FigureBox label={t('axon.metrics.purchases')} value={formatCount(totals.purchases)} />
        <FigureBox label={t('axon.metrics.revenue')} value={formatEuroCents(totals.revenue)} />
      </Box>
      <SellerDaysChart days={days} />
      {datasets.length === 0 ? (
        <Typography>{t('axon.metrics.empty')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('axon.metrics.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('axon.metrics.dataset')}</TableCell>
                <TableCell align="right">{t('axon.metrics.views')}</TableCell>
                <TableCell align="right">{t('axon.metrics.purchases')}</TableCell>
                <TableCell align="right">{t('axon.metrics.revenue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {datasets.map((row) => (
                <TableRow key={row.datasetId}>
                  <TableCell>{row.datasetName}</TableCell>
                  <TableCell align="right">{formatCount(row.views)}</TableCell>
                  <TableCell align="right">{formatCount(row.purchases)}</TableCell>
                  <TableCell align="right">{formatEuroCents(row.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
