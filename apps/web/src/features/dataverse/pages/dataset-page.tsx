import { DIMENSION_CODES, NATURE_SYNTHETIC, type TDatasetEntry } from '@app/contracts/dataverse';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useDataset } from '../api/get-dataset';
import { ColumnsTable } from '../components/columns-table';
import { DatasetActions } from '../components/dataset-actions';
import { DatasetFacts } from '../components/dataset-facts';
import { DatasetPrice } from '../components/dataset-price';
import { FamilyDatasets } from '../components/family-datasets';
import { PreviewTable } from '../components/preview-table';
import '../i18n/register';
import { getDataverseErrorMessage, isNotFound } from '../utils/error-text';
import { CATALOGUE_PATH, datasetPath } from '../utils/paths';

type DetailTab = 'columns' | 'preview';
/** Where a dataset of the page links to: the catalogue's page, or Axon's. */
export type DatasetPathOf = typeof datasetPath;

/** Spec §2: a synthetic dataset (reference data 05, code 002) shows the disabled Model tab. */
function isSynthetic(entry: TDatasetEntry): boolean {
  return entry.dataset.metadata.some(
    (item) =>
      item.dimensionCode === DIMENSION_CODES.NATURE && item.domel.domelCode === NATURE_SYNTHETIC,
  );
}

function Section({ title, text }: { title: string; text: string }) {
  if (text.trim() === '') return null;
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The 'Columns' tab of a family: each dataset's columns, under its name. */
function FamilyColumns({ family }: { family: NonNullable<TDatasetEntry['datasetFamily']> }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {family.datasets.map((member) => (
        <Box key={member.datasetId} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h4">
            {member.datasetName}
          </Typography>
          <ColumnsTable fields={member.fields} label={member.datasetName} />
        </Box>
      ))}
    </Box>
  );
}

/** Another team sees no values of the columns its seller marked sensitive. */
function hiddenColumns(entry: TDatasetEntry): string[] {
  if (entry.isOwn) return [];
  return entry.dataset.fields.filter((field) => field.dsfIssensitive).map((field) => field.dsfName);
}

function DatasetDetails({
  entry,
  isFamily,
  pathOf,
}: {
  entry: TDatasetEntry;
  isFamily: boolean;
  pathOf: DatasetPathOf;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DetailTab>('columns');
  const { dataset } = entry;
  const family = isFamily ? entry.datasetFamily : null;
  // Preview is hidden for families (spec §2).
  const current: DetailTab = family ? 'columns' : tab;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 0.5 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {family ? family.familyName : dataset.datasetName}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <DatasetPrice pricingValue={entry.pricingValue} pricingBase={entry.pricingBase} />
            {isSynthetic(entry) ? (
              <Chip size="small" color="secondary" label={t('dataverse.card.synthetic')} />
            ) : null}
            {entry.isOwn && !entry.isPublished ? (
              <Chip size="small" variant="outlined" label={t('dataverse.card.unpublished')} />
            ) : null}
          </Box>
        </Box>
        <DatasetActions entry={entry} isFamily={family !== null} />
      </Box>
      {family ? (
        <Typography variant="body2">{family.familyDescription}</Typography>
      ) : (
        <Section title={t('dataverse.details.description')} text={dataset.datasetDesc} />
      )}
      {entry.datasetFamily !== null && !family ? (
        <Alert severity="info">
          {t('dataverse.family.partOf', { name: entry.datasetFamily.familyName })}{' '}
          <Link component={RouterLink} to={pathOf(dataset.datasetId, { isFamily: true })}>
            {t('dataverse.family.open')}
          </Link>
        </Alert>
      ) : null}
      <Section title={t('dataverse.details.attributes')} text={dataset.datasetDescAttributes} />
      <Box
        component="section"
        aria-label={t('dataverse.details.useCases')}
        sx={{ display: 'grid', gap: 0.5 }}
      >
        <Typography variant="subtitle1" component="h3">
          {t('dataverse.details.useCases')}
        </Typography>
        {dataset.datasetDescUsecases.trim() !== '' ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {dataset.datasetDescUsecases}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {dataset.useCases.map((useCase) => (
            <Chip
              key={useCase.domelCode}
              size="small"
              variant="outlined"
              label={useCase.domelDesc}
            />
          ))}
        </Box>
      </Box>
      <DatasetFacts entry={entry} />
      {family ? (
        <FamilyDatasets family={family} currentId={dataset.datasetId} pathOf={pathOf} />
      ) : null}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={current}
          onChange={(_, value: DetailTab) => {
            setTab(value);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('dataverse.details.tabs')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="columns"
            label={t('dataverse.details.columnsTab')}
            id="dataset-tab-columns"
            aria-controls="dataset-panel"
          />
          {family ? null : (
            <Tab
              value="preview"
              label={t('dataverse.details.previewTab')}
              id="dataset-tab-preview"
              aria-controls="dataset-panel"
            />
          )}
          {isSynthetic(entry) ? (
            <Tab value="model" label={t('dataverse.details.modelTab')} disabled />
          ) : null}
        </Tabs>
        <Box
          role="tabpanel"
          id="dataset-panel"
          aria-labelledby={`dataset-tab-${current}`}
          sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}
        >
          {current === 'preview' ? (
            <PreviewTable sample={entry.sample} hiddenColumns={hiddenColumns(entry)} />
          ) : family ? (
            <FamilyColumns family={family} />
          ) : (
            <ColumnsTable fields={dataset.fields} label={t('dataverse.details.columnsTab')} />
          )}
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * A dataset's Dataset entry as a page shows it: a not-found state for a dataset that is not
 * there or not the team's to see, the error, the skeleton while loading, then its details.
 */
export function DatasetEntryContent({
  datasetId,
  isFamily,
  pathOf,
  query,
}: {
  datasetId: string;
  isFamily: boolean;
  pathOf: DatasetPathOf;
  query: ReturnType<typeof useDataset>;
}) {
  const { t } = useTranslation();
  if (query.isError && isNotFound(query.error)) {
    return (
      <Alert severity="warning" role="status">
        {t('dataverse.errors.notFound')}
      </Alert>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        message={getDataverseErrorMessage(t, query.error)}
      />
    );
  }
  if (query.data === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  return (
    <DatasetDetails
      key={datasetId}
      entry={query.data}
      isFamily={isFamily && query.data.datasetFamily !== null}
      pathOf={pathOf}
    />
  );
}

/**
 * /dataverse/data-catalog/{datasetId} (?isFamily=true for the dataset's family): every field
 * of the Dataset entry, the columns and the preview; a dataset that is not there, or not the
 * team's to see, is a not-found state.
 */
export function DatasetPage() {
  const { t } = useTranslation();
  const { datasetId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const entry = useDataset(datasetId);
  const from: unknown = location.state && (location.state as { from?: unknown }).from;
  const backTo =
    typeof from === 'string' && from.startsWith(CATALOGUE_PATH) ? from : CATALOGUE_PATH;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />}>
          {t('dataverse.details.back')}
        </Button>
      </Box>
      <DatasetEntryContent
        datasetId={datasetId}
        isFamily={params.get('isFamily') === 'true'}
        pathOf={datasetPath}
        query={entry}
      />
    </Box>
  );
}
