import { DIMENSION_CODES, type TDimension } from '@app/contracts/dataverse';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useDimensions } from '../api/get-dimensions';
import { useVendors } from '../api/get-vendors';
import type { CatalogueSearch, Facet } from '../utils/catalogue-search';
import { FacetList, type FacetItem } from './facet-list';

type DimensionFacet = Exclude<Facet, 'vendor'>;

const FACET_DIMENSIONS: Record<DimensionFacet, string> = {
  industry: DIMENSION_CODES.INDUSTRIES,
  country: DIMENSION_CODES.COUNTRIES,
  usecase: DIMENSION_CODES.USE_CASES,
};

function itemsOf(dimensions: TDimension[], code: string): FacetItem[] {
  const dimension = dimensions.find((candidate) => candidate.dimensionCode === code);
  return (dimension?.domels ?? []).map((element) => ({
    code: element.domelCode,
    label: element.domelDesc,
  }));
}

type CatalogueFiltersProps = {
  search: CatalogueSearch;
  onChange: (change: Partial<CatalogueSearch>) => void;
};

/**
 * The filter panel: the facets from the reference data, the vendors of the visible datasets
 * and the two inclusion switches.
 */
export function CatalogueFilters({ search, onChange }: CatalogueFiltersProps) {
  const { t } = useTranslation();
  const dimensions = useDimensions();
  const vendors = useVendors();
  const facets: { facet: DimensionFacet; title: string }[] = [
    { facet: 'industry', title: t('dataverse.filters.industry') },
    { facet: 'country', title: t('dataverse.filters.country') },
    { facet: 'usecase', title: t('dataverse.filters.useCase') },
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('dataverse.filters.title')}
      sx={{ p: 2, display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}
    >
      <Typography variant="h6" component="h2">
        {t('dataverse.filters.title')}
      </Typography>
      <Box sx={{ display: 'grid' }}>
        <FormControlLabel
          label={t('dataverse.filters.includeOnSale')}
          control={
            <Switch
              checked={search.includeOnSale}
              onChange={(event) => {
                onChange({ includeOnSale: event.target.checked });
              }}
            />
          }
        />
        <FormControlLabel
          label={t('dataverse.filters.includeOwn')}
          control={
            <Switch
              checked={search.includeOwn}
              onChange={(event) => {
                onChange({ includeOwn: event.target.checked });
              }}
            />
          }
        />
      </Box>
      {dimensions.isError || vendors.isError ? (
        <LoadError
          error={dimensions.error ?? vendors.error}
          onRetry={() => {
            if (dimensions.isError) void dimensions.refetch();
            if (vendors.isError) void vendors.refetch();
          }}
        />
      ) : dimensions.data === undefined || vendors.data === undefined ? (
        <Box sx={{ display: 'grid', gap: 1 }} aria-busy="true">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : (
        <>
          {facets.map(({ facet, title }) => (
            <FacetList
              key={facet}
              title={title}
              items={itemsOf(dimensions.data, FACET_DIMENSIONS[facet])}
              selected={search[facet]}
              onChange={(codes) => {
                onChange({ [facet]: codes });
              }}
            />
          ))}
          <FacetList
            title={t('dataverse.filters.vendor')}
            items={vendors.data.map((name) => ({ code: name, label: name }))}
            selected={search.vendor}
            onChange={(names) => {
              onChange({ vendor: names });
            }}
          />
        </>
      )}
    </Paper>
  );
}
