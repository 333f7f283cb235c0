import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { formatCount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDatasets } from '../api/get-datasets';
import { CatalogueFilters } from '../components/catalogue-filters';
import { CatalogueHelp } from '../components/catalogue-help';
import { DatasetCard, DatasetCardSkeletons } from '../components/dataset-card';
import { getDataverseErrorMessage } from '../utils/error-text';
import '../i18n/register';
import {
  FACETS,
  FILTER_DEBOUNCE_MS,
  readCatalogueSearch,
  toDatasetsQuery,
  writeCatalogueSearch,
  type CatalogueSearch,
} from '../utils/catalogue-search';
import { ADD_DATA_PATH, CATALOGUE_FILTER_PATH, CATALOGUE_PATH } from '../utils/paths';

/**
 * The search box: typing waits 300 ms (spec §9) before the search in the address changes; a
 * search the address gets from elsewhere (back button, a shared link) fills the box.
 */
function useQueryText(urlQuery: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(urlQuery);
  const debounced = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  if (urlQuery !== seenQuery) {
    setSeenQuery(urlQuery);
    // Not the box's own search landing in the address: the address wins.
    if (urlQuery !== text.trim()) setText(urlQuery);
  }
  useEffect(() => {
    if (debounced.trim() !== urlQuery) onSearch(debounced.trim());
    // Only a settled text searches; the address changing does not re-send the old text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}

/**
 * /dataverse/data-catalog (and …/filter with the filter panel open): the datasets the team
 * sees, searched and filtered by what the address holds, as basic or compact cards, a page at
 * a time.
 */
export function CataloguePage() {
  const { t } = useTranslation();
  const { pathname, search: locationSearch } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = readCatalogueSearch(params);
  const isFilterOpen = pathname.startsWith(CATALOGUE_FILTER_PATH);
  const datasets = useDatasets(toDatasetsQuery(search));

  function go(
    change: Partial<CatalogueSearch>,
    options: { isFilterOpen?: boolean; replace?: boolean } = {},
  ) {
    // A new search starts at its first page; a page change keeps the rest.
    const next = { ...search, page: 1, ...change };
    const path = (options.isFilterOpen ?? isFilterOpen) ? CATALOGUE_FILTER_PATH : CATALOGUE_PATH;
    const query = writeCatalogueSearch(next).toString();
    void navigate(`${path}${query === '' ? '' : `?${query}`}`, {
      replace: options.replace === true,
    });
  }

  const [text, setText] = useQueryText(search.q, (q) => {
    go({ q }, { replace: true });
  });

  const data = datasets.data;
  const pageCount = data === undefined ? 0 : Math.ceil(data.total / data.pageSize);
  const isFiltered =
    search.q !== '' ||
    FACETS.some((facet) => search[facet].length > 0) ||
    !search.includeOnSale ||
    !search.includeOwn;

  let results;
  if (datasets.isError) {
    results = (
      <LoadError
        error={datasets.error}
        onRetry={() => void datasets.refetch()}
        message={getDataverseErrorMessage(t, datasets.error)}
      />
    );
  } else if (data === undefined) {
    results = <DatasetCardSkeletons view={search.view} isFilterOpen={isFilterOpen} />;
  } else if (data.items.length === 0) {
    results = (
      <Alert severity="info" sx={{ width: '100%' }}>
        {isFiltered ? t('dataverse.catalogue.noResults') : t('dataverse.catalogue.noData')}
      </Alert>
    );
  } else {
    results = data.items.map((dataset) => (
      <DatasetCard
        key={dataset.datasetId}
        dataset={dataset}
        view={search.view}
        isFilterOpen={isFilterOpen}
        from={`${pathname}${locationSearch}`}
      />
    ));
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('dataverse.catalogue.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={ADD_DATA_PATH}
        >
          {t('dataverse.catalogue.addDataset')}
        </Button>
      </Box>
      <CatalogueHelp />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('dataverse.catalogue.search')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button
          variant={isFilterOpen ? 'contained' : 'outlined'}
          startIcon={<FilterListIcon />}
          aria-pressed={isFilterOpen}
          onClick={() => {
            go({ page: search.page }, { isFilterOpen: !isFilterOpen });
          }}
        >
          {t('dataverse.catalogue.filters')}
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={search.view}
          aria-label={t('dataverse.catalogue.view')}
          onChange={(_, view: CatalogueSearch['view'] | null) => {
            if (view !== null) go({ view, page: search.page });
          }}
        >
          <ToggleButton value="basic" aria-label={t('dataverse.catalogue.basicView')}>
            <ViewAgendaIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="compact" aria-label={t('dataverse.catalogue.compactView')}>
            <GridViewIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: isFilterOpen ? '280px minmax(0, 1fr)' : '1fr' },
          alignItems: 'start',
        }}
      >
        {isFilterOpen ? <CatalogueFilters search={search} onChange={go} /> : null}
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {data !== undefined && data.total > 0 ? (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('dataverse.catalogue.total', { value: formatCount(data.total) })}
            </Typography>
          ) : null}
          <Box
            component="section"
            aria-label={t('dataverse.catalogue.results')}
            aria-busy={data === undefined || datasets.isFetching}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, minWidth: 0 }}
          >
            {results}
          </Box>
          {pageCount > 1 ? (
            <Pagination
              count={pageCount}
              page={search.page}
              siblingCount={0}
              onChange={(_, page) => {
                go({ page });
              }}
              sx={{ justifySelf: 'center' }}
            />
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
