import {
  TRANSACTIONS_PAGE_SIZE,
  type AmountSign,
  type TransactionSortField,
  type TTransaction,
  type TTransactionsQuery,
} from '@app/contracts/financial-viewer';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerLoadError } from '../components/viewer-load-error';
import { useDownloadTransactionsCsv } from '../api/download-transactions-csv';
import { useTransactions } from '../api/get-transactions';
import {
  AccountFilters,
  defaultAccountFilter,
  toFilterQuery,
  type AccountFilterValue,
} from '../components/account-filters';
import { CategoryChip } from '../components/category-chip';
import { centsColumn, dateColumn } from '../components/grid-columns';
import { PageHeader } from '../components/page-header';
import { SubscriptionOverlay } from '../components/subscription-overlay';
import { TransactionsGrid } from '../components/transactions-grid';
import '../i18n/register';
import { getViewerErrorMessage, isSubscriptionRequired } from '../utils/error-text';
import { formatCents } from '../utils/money';

/** Spec §9: transactions from the last 5 years by default. */
export const TRANSACTIONS_DEFAULT_YEARS = 5;

/** The grid's columns as the API's sort fields. */
const SORT_FIELDS: Partial<Record<string, TransactionSortField>> = {
  txValueDate: 'valueDate',
  txOperationDate: 'operationDate',
  txDescription: 'description',
  accountName: 'accountName',
  category: 'category',
  txAmount: 'amount',
};

const DEFAULT_SORT: GridSortModel = [{ field: 'txValueDate', sort: 'desc' }];

export function toSortBy(model: GridSortModel): string {
  const first = model[0];
  const field = first ? SORT_FIELDS[first.field] : undefined;
  if (!first || !field || !first.sort) return 'valueDate,desc';
  return `${field},${first.sort}`;
}

/**
 * Transactions tab: company → bank → account and dates, All/Income/Expense, a grid paged and
 * sorted by the server (10 rows), and the same selection as a CSV file.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AccountFilterValue>(() =>
    defaultAccountFilter(TRANSACTIONS_DEFAULT_YEARS),
  );
  const [sign, setSign] = useState<AmountSign>('all');
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const download = useDownloadTransactionsCsv();

  const sortBy = toSortBy(sortModel);
  const filterQuery = { ...toFilterQuery(filters), amountSign: sign };
  const query: TTransactionsQuery = {
    ...filterQuery,
    page: pagination.page,
    pageSize: pagination.pageSize,
    sortBy,
  };
  const transactions = useTransactions(query);

  const columns: GridColDef<TTransaction>[] = [
    dateColumn({
      field: 'txValueDate',
      headerName: t('financialViewer.transactions.valueDate'),
      minWidth: 130,
    }),
    dateColumn({
      field: 'txOperationDate',
      headerName: t('financialViewer.transactions.operationDate'),
      minWidth: 130,
    }),
    {
      field: 'txDescription',
      headerName: t('financialViewer.transactions.description'),
      flex: 1,
      minWidth: 200,
    },
    {
      field: 'accountName',
      headerName: t('financialViewer.transactions.account'),
      minWidth: 160,
    },
    {
      field: 'category',
      headerName: t('financialViewer.transactions.category'),
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
          <CategoryChip label={row.category.description} color={row.category.color} />
        </Box>
      ),
    },
    {
      field: 'txAmount',
      headerName: t('financialViewer.transactions.amount'),
      type: 'number',
      minWidth: 130,
      renderCell: ({ row }) => (
        <Box
          component="span"
          sx={{ color: row.txAmount < 0 ? 'error.main' : 'success.main', fontWeight: 500 }}
        >
          {formatCents(row.txAmount, row.txCurrency)}
        </Box>
      ),
    },
    centsColumn({
      field: 'txBalance',
      headerName: t('financialViewer.transactions.balance'),
      currencyOf: (row) => row.txCurrency,
      sortable: false,
      minWidth: 130,
    }),
  ];

  if (isSubscriptionRequired(transactions.error)) {
    return (
      <SubscriptionOverlay>
        <Box sx={{ minHeight: 320 }} />
      </SubscriptionOverlay>
    );
  }

  function resetPage() {
    setPagination((current) => ({ ...current, page: 0 }));
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader
        title={t('financialViewer.transactions.title')}
        action={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={download.isPending}
            disabled={download.isPending}
            onClick={() => {
              download.mutate({ ...filterQuery, sortBy });
            }}
          >
            {t('financialViewer.transactions.downloadCsv')}
          </Button>
        }
      />
      <AccountFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          resetPage();
        }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={sign}
        aria-label={t('financialViewer.transactions.sign')}
        onChange={(_event, next: AmountSign | null) => {
          if (next === null) return;
          setSign(next);
          resetPage();
        }}
      >
        <ToggleButton value="all">{t('financialViewer.transactions.all')}</ToggleButton>
        <ToggleButton value="income">{t('financialViewer.transactions.income')}</ToggleButton>
        <ToggleButton value="expense">{t('financialViewer.transactions.expense')}</ToggleButton>
      </ToggleButtonGroup>
      {download.isError ? (
        <Alert
          severity="error"
          onClose={() => {
            download.reset();
          }}
        >
          {getViewerErrorMessage(t, download.error)}
        </Alert>
      ) : null}
      {transactions.isError ? (
        <ViewerLoadError error={transactions.error} onRetry={() => void transactions.refetch()} />
      ) : (
        <TransactionsGrid
          label={t('financialViewer.transactions.title')}
          page={transactions.data}
          isFetching={transactions.isFetching}
          columns={columns}
          sortingMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model.length === 0 ? DEFAULT_SORT : model);
            resetPage();
          }}
        />
      )}
    </Box>
  );
}
