import type {
  TCashflowQuery,
  TForecastQuery,
  TTransactionsQuery,
} from '@app/contracts/financial-viewer';

/** Every query key of the Financial Viewer, built in one place so invalidation can't miss. */
export const financialViewerKeys = {
  all: ['financial-viewer'] as const,
  access: () => [...financialViewerKeys.all, 'access'] as const,
  banks: (country?: string) => [...financialViewerKeys.all, 'banks', country ?? 'all'] as const,
  currencies: () => [...financialViewerKeys.all, 'currencies'] as const,
  connections: () => [...financialViewerKeys.all, 'connections'] as const,
  companies: () => [...financialViewerKeys.all, 'companies'] as const,
  accounts: (accountTypes?: string) =>
    [...financialViewerKeys.all, 'accounts', accountTypes ?? 'all'] as const,
  /** Everything derived from transactions: lists, charts, cashflow and forecast. */
  data: () => [...financialViewerKeys.all, 'data'] as const,
  transactions: (kind: 'transaction' | 'incomes' | 'expenses', query: TTransactionsQuery) =>
    [...financialViewerKeys.data(), kind, query] as const,
  categories: (language: string) => [...financialViewerKeys.all, 'categories', language] as const,
  categorization: (query: object) =>
    [...financialViewerKeys.data(), 'categorization', query] as const,
  cashflow: (query: TCashflowQuery) => [...financialViewerKeys.data(), 'cashflow', query] as const,
  forecast: (query: TForecastQuery) => [...financialViewerKeys.data(), 'forecast', query] as const,
  importStatus: (importId: string) => [...financialViewerKeys.all, 'import', importId] as const,
};
