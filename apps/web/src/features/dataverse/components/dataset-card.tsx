import type { TDatasetCard } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../../lib/format';
import type { CatalogueView } from '../utils/catalogue-search';
import { formatScore } from '../utils/dataset-format';
import { datasetPath } from '../utils/paths';
import { DatasetPrice } from './dataset-price';

/**
 * Spec §2: a basic card is 85 % wide (100 % beside the open filter panel), a compact one 47 %
 * (two in a row); on phones every card takes the full width.
 */
export function cardWidth(view: CatalogueView, isFilterOpen: boolean) {
  if (view === 'compact') return { xs: '100%', sm: '47%' };
  return { xs: '100%', md: isFilterOpen ? '100%' : '85%' };
}

type DatasetCardProps = {
  dataset: TDatasetCard;
  view: CatalogueView;
  isFilterOpen: boolean;
  /** The catalogue's address, so the details page leads back to the same search. */
  from: string;
};

/** One dataset of the catalogue; the whole card opens its details. */
export function DatasetCard({ dataset, view, isFilterOpen, from }: DatasetCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isBasic = view === 'basic';
  const quality = formatScore(dataset.qualityScore);
  const facts = [
    t('dataverse.card.rows', { value: formatCount(dataset.numberOfRows) }),
    t('dataverse.card.columns', { value: formatCount(dataset.numberOfVariables) }),
    ...(quality === null ? [] : [t('dataverse.card.quality', { score: quality })]),
  ];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ width: cardWidth(view, isFilterOpen), minWidth: 0 }}
    >
      <CardActionArea
        component={RouterLink}
        to={datasetPath(dataset.datasetId)}
        state={{ from }}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography
              id={titleId}
              variant={isBasic ? 'h6' : 'subtitle1'}
              component="h3"
              sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {dataset.datasetName}
            </Typography>
            <DatasetPrice pricingValue={dataset.pricingValue} pricingBase={dataset.pricingBase} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('dataverse.card.provider', { name: dataset.providerName })}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: isBasic ? 3 : 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {dataset.datasetDesc}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {dataset.isSynthetic ? (
              <Chip size="small" color="secondary" label={t('dataverse.card.synthetic')} />
            ) : null}
            {dataset.isOwn ? (
              <Chip size="small" color="primary" label={t('dataverse.card.own')} />
            ) : null}
            {dataset.isOwn && !dataset.isPublished ? (
              <Chip size="small" variant="outlined" label={t('dataverse.card.unpublished')} />
            ) : null}
            {dataset.familyId !== null ? (
              <Chip size="small" variant="outlined" label={t('dataverse.card.family')} />
            ) : null}
            {isBasic
              ? [
                  ...dataset.industries.map((industry) => industry.domelDesc),
                  ...(dataset.country ? [dataset.country.domelDesc] : []),
                ].map((label) => <Chip key={label} size="small" variant="outlined" label={label} />)
              : null}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The cards' place while the catalogue loads (spec §2: 2 in basic view, 4 in compact). */
export function DatasetCardSkeletons({
  view,
  isFilterOpen,
}: Omit<DatasetCardProps, 'dataset' | 'from'>) {
  const count = view === 'basic' ? 2 : 4;
  return Array.from({ length: count }, (_, index) => (
    <Skeleton
      key={index}
      variant="rounded"
      data-testid="dataset-card-skeleton"
      height={view === 'basic' ? 180 : 140}
      sx={{ width: cardWidth(view, isFilterOpen) }}
    />
  ));
}
