import '../i18n/register';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { PageLoader } from '../../../../components/page-loader';
import { MY_DATASETS_PAGE_SIZE, useMyDatasets } from '../api/get-my-datasets';
import { MonetizeCard } from '../components/monetize-card';
import { addDataPath } from '../utils/paths';

/**
 * /dataverse/monetize: the team's datasets, each with its price and its place in the
 * catalogue (publish needs a confirmed version; withdrawing keeps what buyers bought).
 */
export function MonetizePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const datasets = useMyDatasets(page);
  if (datasets.isPending) return <PageLoader />;
  if (datasets.isError) {
    return <LoadError error={datasets.error} onRetry={() => void datasets.refetch()} />;
  }
  const { items, total } = datasets.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {t('axon.monetize.title')}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={addDataPath()}>
          {t('axon.myData.add')}
        </Button>
      </Box>
      <Typography>{t('axon.monetize.intro')}</Typography>
      {items.length === 0 ? (
        <Typography>{t('axon.myData.empty')}</Typography>
      ) : (
        items.map((dataset) => <MonetizeCard key={dataset.datasetId} dataset={dataset} />)
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
    </Box>
  );
}
