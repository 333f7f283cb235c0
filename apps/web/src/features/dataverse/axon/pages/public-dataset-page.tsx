import '../../i18n/register';
import '../i18n/register';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useDataset } from '../../api/get-dataset';
import { DatasetEntryContent } from '../../pages/dataset-page';
import { datasetPath } from '../../utils/paths';
import { MY_DATA_PATH, myDatasetPath, publicDatasetPath } from '../utils/paths';

/**
 * /axon/my-data/datasets/{datasetId} (`?isFamily=true` for its family): a public dataset of
 * another team as a seller sees it beside its own: the catalogue's entry (price, figures,
 * columns, preview without the sensitive columns' values), none of the other team's views,
 * sales or versions in progress. The team's own dataset opens its own Axon page instead.
 */
export function PublicDatasetPage() {
  const { t } = useTranslation();
  const { datasetId = '' } = useParams();
  const [params] = useSearchParams();
  const isFamily = params.get('isFamily') === 'true';
  const entry = useDataset(datasetId);
  if (entry.data?.isOwn === true) {
    return <Navigate replace to={myDatasetPath(datasetId, { isFamily })} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={MY_DATA_PATH} startIcon={<ArrowBackIcon />}>
          {t('axon.dataset.back')}
        </Button>
        {entry.data === undefined ? null : (
          <Button component={RouterLink} to={datasetPath(datasetId, { isFamily })}>
            {t('axon.publicDataset.inCatalogue')}
          </Button>
        )}
      </Box>
      <DatasetEntryContent
        datasetId={datasetId}
        isFamily={isFamily}
        pathOf={publicDatasetPath}
        query={entry}
      />
    </Box>
  );
}
