import { DATAVERSE_PAGE_SIZE, type TDatasetsQuery } from '@app/contracts/dataverse';

/** Spec §9: the filter texts wait this long after the last key before they apply. */
export const FILTER_DEBOUNCE_MS = 300;

/** The catalogue's view of the cards (spec §2: basic 85 % wide, compact 47 %). */
export type CatalogueView = 'basic' | 'compact';
/**
 * The facets a search can hold: element codes as a comma-separated list in the address, and
 * `vendor` provider names as the parameter repeated (a name may hold a comma).
 */
export const FACETS = ['industry', 'country', 'usecase', 'vendor'] as const;
export type Facet = (typeof FACETS)[number];
const CODE_FACETS = ['industry', 'country', 'usecase'] as const;

/**
 * The catalogue's search as it sits in the address (`?q=…&industry=C,K&onSale=false`), so a
 * search can be shared and the back button returns to the one before.
 */
export type CatalogueSearch = {
  q: string;
  industry: string[];
  country: string[];
  usecase: string[];
  vendor: string[];
  includeOnSale: boolean;
  includeOwn: boolean;
  view: CatalogueView;
  page: number;
};

function codes(params: URLSearchParams, name: string): string[] {
  return (params.get(name) ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

function vendorNames(params: URLSearchParams): string[] {
  return params
    .getAll('vendor')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export function readCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    industry: codes(params, 'industry'),
    country: codes(params, 'country'),
    usecase: codes(params, 'usecase'),
    vendor: vendorNames(params),
    includeOnSale: params.get('onSale') !== 'false',
    includeOwn: params.get('own') !== 'false',
    view: params.get('view') === 'compact' ? 'compact' : 'basic',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's parameters of a search; defaults are left out, so the address stays short. */
export function writeCatalogueSearch(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim() !== '') params.set('q', search.q.trim());
  for (const facet of CODE_FACETS) {
    if (search[facet].length > 0) params.set(facet, search[facet].join(','));
  }
  for (const name of search.vendor) params.append('vendor', name);
  if (!search.includeOnSale) params.set('onSale', 'false');
  if (!search.includeOwn) params.set('own', 'false');
  if (search.view === 'compact') params.set('view', 'compact');
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The catalogue call's query parameters, named as the contract names them. */
export type DatasetsQuery = { [K in Exclude<keyof TDatasetsQuery, 'vendor'>]?: string } & {
  vendor?: string[];
};

/** The API's query of a search (the view is the page's business). */
export function toDatasetsQuery(search: CatalogueSearch): DatasetsQuery {
  return {
    ...(search.q.trim() !== '' ? { q: search.q.trim() } : {}),
    ...(search.industry.length > 0 ? { industry: search.industry.join(',') } : {}),
    ...(search.country.length > 0 ? { country: search.country.join(',') } : {}),
    ...(search.usecase.length > 0 ? { usecase: search.usecase.join(',') } : {}),
    ...(search.vendor.length > 0 ? { vendor: search.vendor } : {}),
    includeOnSaleDatasets: search.includeOnSale ? 'true' : 'false',
    includeUserDatasets: search.includeOwn ? 'true' : 'false',
    page: String(search.page),
    pageSize: String(DATAVERSE_PAGE_SIZE),
  };
}

/** Case-insensitive substring match of a filter list's text (spec §2). */
export function matchesFilterText(label: string, text: string): boolean {
  return label.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());
}
