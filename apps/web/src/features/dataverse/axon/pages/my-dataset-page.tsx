import '../../i18n/register';
import '../i18n/register';
import type { TMyDataset } from '@app/contracts';
import { hasRole } from '@app/contracts/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { FigureBox } from '../../../../components/figure-box';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { useCurrentUser } from '../../../../lib/auth';
import { formatCount, formatEuroCents } from '../../../../lib/format';
import { useDataset } from '../../api/get-dataset';
import { DeleteDataset } from '../../components/dataset-actions';
import { formatDatasetDate } from '../../utils/dataset-format';
import { isNotFound } from '../../utils/error-text';
import { useInstances } from '../api/get-instances';
import { useMyDataset } from '../api/get-my-dataset';
import { useSales } from '../api/get-sales';
import { RelationsForm } from '../components/relations-form';
import { addDataPath, MONETIZE_PATH, MY_DATA_PATH } from '../utils/paths';

const IN_PROGRESS = new Set(['UPLOADING', 'PROFILING', 'REVIEW']);

function Figures({ dataset }: { dataset: TMyDataset }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
    >
      <FigureBox label={t('axon.myData.columns.rows')} value={formatCount(dataset.numberOfRows)} />
      <FigureBox label={t('axon.myData.columns.views')} value={formatCount(dataset.views)} />
      <FigureBox label={t('axon.myData.columns.sales')} value={formatCount(dataset.sales)} />
      <FigureBox label={t('axon.metrics.revenue')} value={formatEuroCents(dataset.revenue)} />
    </Box>
  );
}

function Versions({ datasetId }: { datasetId: string }) {
  const { t } = useTranslation();
  const instances = useInstances(datasetId);
  if (instances.isPending) return <PageLoader />;
  if (instances.isError) {
    return <LoadError error={instances.error} onRetry={() => void instances.refetch()} />;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('axon.dataset.versions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('axon.myData.columns.version')}</TableCell>
            <TableCell>{t('axon.myData.columns.status')}</TableCell>
            <TableCell>{t('axon.dataset.file')}</TableCell>
            <TableCell align="right">{t('axon.myData.columns.rows')}</TableCell>
            <TableCell>{t('axon.dataset.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {instances.data.map((instance) => (
            <TableRow key={instance.dsiId}>
              <TableCell>{instance.version}</TableCell>
              <TableCell>
                {IN_PROGRESS.has(instance.status) ? (
                  <Link
                    component={RouterLink}
                    to={addDataPath({ datasetId, dsiId: instance.dsiId })}
                  >
                    {t(`axon.instanceStatus.${instance.status}`)}
                  </Link>
                ) : (
                  t(`axon.instanceStatus.${instance.status}`)
                )}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{instance.fileName}</TableCell>
              <TableCell align="right">
                {instance.numberOfRows === null ? '—' : formatCount(instance.numberOfRows)}
              </TableCell>
              <TableCell>{formatDatasetDate(instance.createdDate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Sales({ datasetId }: { datasetId: string }) {
  const { t } = useTranslation();
  const sales = useSales();
  if (sales.isPending) return <PageLoader />;
  if (sales.isError) return <LoadError error={sales.error} onRetry={() => void sales.refetch()} />;
  const mine = sales.data.filter((sale) => sale.datasetId === datasetId);
  if (mine.length === 0) return <Typography>{t('axon.dataset.noSales')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('axon.dataset.sales')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('axon.dataset.paidAt')}</TableCell>
            <TableCell align="right">{t('axon.myData.columns.rows')}</TableCell>
            <TableCell align="right">{t('axon.dataset.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mine.map((sale) => (
            <TableRow key={sale.purchaseId}>
              <TableCell>{formatDatasetDate(sale.paidAt)}</TableCell>
              <TableCell align="right">{formatCount(sale.quantity)}</TableCell>
              <TableCell align="right">{formatEuroCents(sale.datasetPrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /axon/my-data/my-datasets/{datasetId} (`?isFamily=true` for its family): one of the team's
 * datasets with its status, figures, versions, sales and relations, a new version, and
 * deleting the dataset or its family (the owner or an administrator; the server checks).
 */
export function MyDatasetPage() {
  const { t } = useTranslation();
  const { datasetId = '' } = useParams();
  const [params] = useSearchParams();
  const isFamily = params.get('isFamily') === 'true';
  const mine = useMyDataset(datasetId);
  const entry = useDataset(datasetId);
  const { data: user } = useCurrentUser();
  const canWrite =
    user !== undefined && (hasRole(user.roles, 'OWNER') || hasRole(user.roles, 'ADMIN'));

  if (mine.isPending || entry.isPending) return <PageLoader />;
  if (mine.isError || entry.isError) {
    const error = mine.error ?? entry.error;
    if (isNotFound(error))
      return <Alert severity="warning">{t('dataverse.errors.notFound')}</Alert>;
    return (
      <LoadError
        error={error}
        onRetry={() => {
          void mine.refetch();
          void entry.refetch();
        }}
      />
    );
  }
  const dataset = mine.data;
  const family = entry.data.datasetFamily;
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Link component={RouterLink} to={MY_DATA_PATH}>
        {t('axon.dataset.back')}
      </Link>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {isFamily && family ? family.familyName : dataset.datasetName}
        </Typography>
        <Chip label={t(`axon.status.${dataset.status}`)} />
      </Box>
      <Typography>{dataset.datasetDesc}</Typography>
      <Figures dataset={dataset} />
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to={addDataPath({ datasetId })}>
            {t('axon.dataset.newVersion')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={MONETIZE_PATH}>
            {t('axon.dataset.monetize')}
          </Button>
          <DeleteDataset
            entry={entry.data}
            isFamily={isFamily && family !== null}
            afterPath={MY_DATA_PATH}
          />
        </Box>
      )}
      <Box component="section" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {t('axon.dataset.versions')}
        </Typography>
        <Versions datasetId={datasetId} />
      </Box>
      <Box component="section" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {t('axon.dataset.sales')}
        </Typography>
        <Sales datasetId={datasetId} />
      </Box>
      {family && canWrite && <RelationsForm datasetId={datasetId} family={family} />}
    </Box>
  );
}
