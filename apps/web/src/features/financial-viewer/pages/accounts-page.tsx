import {
  ACCOUNTS_PAGE_SIZES,
  type TAccount,
  type TAccountsResponse,
} from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatEuroCents } from '../../../lib/format';
import { ViewerLoadError } from '../components/viewer-load-error';
import { useAccounts } from '../api/get-accounts';
import { AssignCompanyDialog } from '../components/assign-company-dialog';
import { centsColumn } from '../components/grid-columns';
import { SubscriptionOverlay } from '../components/subscription-overlay';
import { ViewerGrid } from '../components/viewer-grid';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import '../i18n/register';
import { formatIsoDate } from '../utils/dates';
import { isSubscriptionRequired } from '../utils/error-text';

function SummaryBox({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value === undefined ? (
        <Skeleton width="60%" height={32} />
      ) : (
        <Typography
          variant="h6"
          component="p"
          sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1rem', sm: '1.25rem' } }}
        >
          {value}
        </Typography>
      )}
    </Paper>
  );
}

/** The summary boxes, the rates used and the currencies the totals count at par. */
function Summary({ summary }: { summary: TAccountsResponse['summary'] | undefined }) {
  const { t } = useTranslation();
  const rates = summary?.rates;
  const atPar = summary?.currenciesAtPar ?? [];
  return (
    <Box
      component="section"
      aria-label={t('financialViewer.accounts.summary')}
      sx={{ display: 'grid', gap: 1 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <SummaryBox
          label={t('financialViewer.accounts.entities')}
          value={summary ? formatCount(summary.entities) : undefined}
        />
        <SummaryBox
          label={t('financialViewer.accounts.accounts')}
          value={summary ? formatCount(summary.accounts) : undefined}
        />
        <SummaryBox
          label={t('financialViewer.accounts.cards')}
          value={summary ? formatCount(summary.cards) : undefined}
        />
        <SummaryBox
          label={t('financialViewer.accounts.totalBalance')}
          value={summary ? formatEuroCents(summary.totalBalance) : undefined}
        />
        <SummaryBox
          label={t('financialViewer.accounts.totalAvailable')}
          value={summary ? formatEuroCents(summary.totalAvailable) : undefined}
        />
      </Box>
      {rates ? (
        <Typography variant="caption" color="text.secondary">
          {rates.source === 'ecb'
            ? t('financialViewer.accounts.ratesEcb', { date: formatIsoDate(rates.date) })
            : t('financialViewer.accounts.ratesSnapshot', { date: formatIsoDate(rates.date) })}
        </Typography>
      ) : null}
      {atPar.length > 0 ? (
        <Typography variant="caption" color="warning.main">
          {t('financialViewer.accounts.ratesMissing', {
            currencies: atPar.join(', '),
            count: atPar.length,
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Accounts tab: the summary boxes (totals in euros, with the rates used) and the accounts grid,
 * 8 rows a page (or 16), where an account is put under a company.
 */
export function AccountsPage() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const [assigning, setAssigning] = useState<TAccount | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: ACCOUNTS_PAGE_SIZES[0],
  });

  const columns: GridColDef<TAccount>[] = [
    {
      field: 'accountName',
      headerName: t('financialViewer.accounts.name'),
      flex: 1.6,
      minWidth: 220,
      // The name over its number: one column, so both are read whole at desktop widths.
      renderCell: ({ row }) => (
        <Box sx={{ display: 'grid', lineHeight: 1.4, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={row.accountName}>
            {row.accountName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.accountNumber}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'accountSubtype',
      headerName: t('financialViewer.accounts.type'),
      flex: 1,
      minWidth: 130,
      valueGetter: (_value, row) =>
        `${t(`financialViewer.accountTypes.${row.accountType}`)} · ${t(
          `financialViewer.subtypes.${row.accountSubtype}`,
        )}`,
    },
    {
      field: 'entName',
      headerName: t('financialViewer.accounts.bank'),
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => row.entName ?? row.entCode ?? '—',
    },
    {
      field: 'accountCompanyName',
      headerName: t('financialViewer.accounts.company'),
      flex: 1,
      minWidth: 130,
      renderCell: ({ row }) =>
        row.accountCompanyName ?? (
          <Chip size="small" color="warning" label={t('financialViewer.accounts.noCompany')} />
        ),
    },
    centsColumn({
      field: 'accountCurrentBalance',
      headerName: t('financialViewer.accounts.currentBalance'),
      currencyOf: (row) => row.accountCurrency,
      minWidth: 150,
    }),
    centsColumn({
      field: 'accountAvailableBalance',
      headerName: t('financialViewer.accounts.availableBalance'),
      currencyOf: (row) => row.accountCurrency,
      minWidth: 150,
    }),
    {
      field: 'actions',
      headerName: t('financialViewer.connections.actions'),
      sortable: false,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Button
          size="small"
          aria-label={t('financialViewer.accounts.assignNamed', { name: row.accountName })}
          onClick={() => {
            setNotice(null);
            setAssigning(row);
          }}
        >
          {t('financialViewer.accounts.assignTitle')}
        </Button>
      ),
    },
  ];

  if (isSubscriptionRequired(accounts.error)) {
    return (
      <SubscriptionOverlay>
        <Summary summary={undefined} />
      </SubscriptionOverlay>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h2">
        {t('financialViewer.accounts.title')}
      </Typography>
      {accounts.isError ? (
        <ViewerLoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : (
        <>
          <Summary summary={accounts.data?.summary} />
          <NoticeArea
            notice={notice}
            onClose={() => {
              setNotice(null);
            }}
          />
          <Box sx={{ width: '100%', minWidth: 0 }}>
            <ViewerGrid
              aria-label={t('financialViewer.accounts.title')}
              rows={accounts.data?.accounts ?? []}
              getRowId={(row) => row.accountId}
              columns={columns}
              loading={accounts.isPending}
              paginationModel={pagination}
              onPaginationModelChange={setPagination}
              pageSizeOptions={[...ACCOUNTS_PAGE_SIZES]}
              rowHeight={60}
              sx={{ minHeight: 300 }}
            />
          </Box>
        </>
      )}
      <AssignCompanyDialog
        account={assigning}
        onAssigned={(account) => {
          setAssigning(null);
          setNotice({
            severity: 'success',
            text: t('financialViewer.accounts.assigned', {
              name: account.accountName,
              company: account.accountCompanyName ?? '',
            }),
          });
        }}
        onClose={() => {
          setAssigning(null);
        }}
      />
    </Box>
  );
}
