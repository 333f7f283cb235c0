import '../../i18n/register';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { formatCount } from '../../../../lib/format';
import { useDatasets } from '../../api/get-datasets';
import { DatasetPrice } from '../../components/dataset-price';
import { formatScore } from '../../utils/dataset-format';
import { CATALOGUE_PATH } from '../../utils/paths';
import { publicDatasetPath } from '../utils/paths';

/** The newest public datasets of other teams listed on My data; the catalogue has the rest. */
const LISTED = '10';
const QUERY = { includeUserDatasets: 'false', page: '1', pageSize: LISTED };

/** Other teams' datasets in the catalogue, newest first, each opening Axon's public page. */
export function PublicDatasets() {
  const { t } = useTranslation();
  const datasets = useDatasets(QUERY);
  let content;
  if (datasets.isPending) content = <PageLoader />;
  else if (datasets.isError) {
    content = <LoadError error={datasets.error} onRetry={() => void datasets.refetch()} />;
  } else if (datasets.data.items.length === 0) {
    content = <Typography>{t('axon.publicDataset.empty')}</Typography>;
  } else {
    content = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('axon.publicDataset.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('axon.myData.columns.name')}</TableCell>
              <TableCell>{t('axon.publicDataset.provider')}</TableCell>
              <TableCell align="right">{t('axon.myData.columns.rows')}</TableCell>
              <TableCell>{t('axon.dataset.price')}</TableCell>
              <TableCell align="right">{t('axon.publicDataset.quality')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {datasets.data.items.map((item) => (
              <TableRow key={item.datasetId}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={publicDatasetPath(item.datasetId)}>
                    {item.datasetName}
                  </Link>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.providerName}</TableCell>
                <TableCell align="right">{formatCount(item.numberOfRows)}</TableCell>
                <TableCell>
                  <DatasetPrice pricingValue={item.pricingValue} pricingBase={item.pricingBase} />
                </TableCell>
                <TableCell align="right">{formatScore(item.qualityScore) ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('axon.publicDataset.title')}
        </Typography>
        <Link component={RouterLink} to={CATALOGUE_PATH}>
          {t('axon.publicDataset.catalogue')}
        </Link>
      </Box>
      {content}
    </Box>
  );
}
