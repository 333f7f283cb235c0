import '../i18n/register';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { formatCount, formatEuroCents } from '../../../../lib/format';
import { MY_DATASETS_PAGE_SIZE, useMyDatasets } from '../api/get-my-datasets';
import { usePublishDataset } from '../api/publish-dataset';
import { PublicDatasets } from '../components/public-datasets';
import { addDataPath, MONETIZE_PATH, myDatasetPath } from '../utils/paths';

/**
 * /axon/my-data: the team's datasets with their status, version, views and sales, and the
 * newest public datasets of other teams.
 */
export function MyDataPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const datasets = useMyDatasets(page);
  const publish = usePublishDataset();

  if (datasets.isPending) return <PageLoader />;
  if (datasets.isError) {
    return <LoadError error={datasets.error} onRetry={() => void datasets.refetch()} />;
  }
  const { items, total } = datasets.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {t('axon.myData.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={MONETIZE_PATH}>
            {t('axon.myData.monetize')}
          </Button>
          <Button variant="contained" component={RouterLink} to={addDataPath()}>
            {t('axon.myData.add')}
          </Button>
        </Box>
      </Box>
      {items.length === 0 ? (
        <Typography>{t('axon.myData.empty')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('axon.myData.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('axon.myData.columns.name')}</TableCell>
                <TableCell>{t('axon.myData.columns.status')}</TableCell>
                <TableCell align="right">{t('axon.myData.columns.version')}</TableCell>
                <TableCell align="right">{t('axon.myData.columns.rows')}</TableCell>
                <TableCell align="right">{t('axon.myData.columns.views')}</TableCell>
                <TableCell align="right">{t('axon.myData.columns.sales')}</TableCell>
                <TableCell align="right">{t('axon.myData.columns.revenue')}</TableCell>
                <TableCell>{t('axon.myData.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.datasetId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={myDatasetPath(item.datasetId)}>
                      {item.datasetName}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`axon.status.${item.status}`)} />
                  </TableCell>
                  <TableCell align="right">{item.version ?? '—'}</TableCell>
                  <TableCell align="right">{formatCount(item.numberOfRows)}</TableCell>
                  <TableCell align="right">{formatCount(item.views)}</TableCell>
                  <TableCell align="right">{formatCount(item.sales)}</TableCell>
                  <TableCell align="right">{formatEuroCents(item.revenue)}</TableCell>
                  <TableCell>
                    {item.dsiId !== null && (
                      <Button
                        size="small"
                        disabled={publish.isPending}
                        onClick={() => {
                          publish.mutate({
                            datasetId: item.datasetId,
                            isPublished: !item.isPublished,
                          });
                        }}
                      >
                        {t(item.isPublished ? 'axon.myData.withdraw' : 'axon.myData.publish', {
                          name: item.datasetName,
                        })}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > MY_DATASETS_PAGE_SIZE && (
        <Pagination
          count={Math.ceil(total / MY_DATASETS_PAGE_SIZE)}
          page={page}
          onChange={(_event, next) => {
            setPage(next);
          }}
        />
      )}
      <PublicDatasets />
    </Box>
  );
}
