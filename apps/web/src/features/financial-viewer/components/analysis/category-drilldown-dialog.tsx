import {
  TRANSACTIONS_PAGE_SIZE,
  type TCategory,
  type TCategorySummary,
  type TTransaction,
} from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeArea, type Notice } from '../../../../components/notice-area';
import { useCategories } from '../../api/get-categories';
import type { CategorizationQuery } from '../../api/get-categorization';
import { useCategoryTransactions } from '../../api/get-category-transactions';
import { useUpdateTransactionCategory } from '../../api/update-transaction-category';
import { ViewerLoadError } from '../viewer-load-error';
import { CategoryPicker, flattenCategories } from './category-picker';
import { ChangeCategoryDialog } from './change-category-dialog';
import { formatShare } from '../../utils/money';
import { centsColumn, dateColumn } from '../grid-columns';
import { TransactionsGrid } from '../transactions-grid';
import { formatCount } from '../../../../lib/format';

type DrilldownDialogProps = {
  /** The parent category whose transactions are listed, or null when closed. */
  parent: TCategorySummary | null;
  amountSign: 'income' | 'expense';
  filters: CategorizationQuery;
  onClose: () => void;
};

type PendingChange = { transaction: TTransaction; category: TCategory };

/** A parent category's transactions, 10 a page, each with a picker to change its category. */
export function CategoryDrilldownDialog({
  parent,
  amountSign,
  filters,
  onClose,
}: DrilldownDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={parent !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id={titleId}>
        {parent
          ? t('financialViewer.analysis.drilldown.title', { category: parent.description })
          : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {parent ? (
          <DrilldownContent
            key={`${String(parent.parentId)}|${amountSign}`}
            parentId={parent.parentId}
            amountSign={amountSign}
            filters={filters}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('financialViewer.analysis.drilldown.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DrilldownContent({
  parentId,
  amountSign,
  filters,
}: {
  parentId: number;
  amountSign: 'income' | 'expense';
  filters: CategorizationQuery;
}) {
  const { t } = useTranslation();
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  });
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const transactions = useCategoryTransactions({
    filters,
    parentId,
    amountSign,
    page: pagination.page,
  });
  const categories = useCategories();
  const update = useUpdateTransactionCategory();
  const { isPending: isUpdating, reset: resetUpdate } = update;
  const options = useMemo(() => flattenCategories(categories.data ?? []), [categories.data]);

  const columns = useMemo<GridColDef<TTransaction>[]>(
    () => [
      dateColumn({
        field: 'txValueDate',
        headerName: t('financialViewer.analysis.drilldown.date'),
        width: 110,
        sortable: false,
      }),
      {
        field: 'txDescription',
        headerName: t('financialViewer.analysis.drilldown.description'),
        flex: 1,
        minWidth: 180,
        sortable: false,
      },
      {
        field: 'accountName',
        headerName: t('financialViewer.analysis.drilldown.account'),
        width: 150,
        sortable: false,
      },
      centsColumn({
        field: 'txAmount',
        headerName: t('financialViewer.analysis.drilldown.amount'),
        currencyOf: (row) => row.txCurrency,
        width: 130,
        sortable: false,
      }),
      {
        field: 'category',
        headerName: t('financialViewer.analysis.drilldown.category'),
        width: 260,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'grid', gap: 0.25, py: 1, width: '100%' }}>
            <CategoryPicker
              label={t('financialViewer.analysis.drilldown.pickerLabel', {
                description: row.txDescription,
              })}
              options={options}
              value={row.category}
              disabled={isUpdating}
              onChange={(category) => {
                resetUpdate();
                setPending({ transaction: row, category });
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {row.isCategoryManual
                ? t('financialViewer.analysis.drilldown.manual')
                : t('financialViewer.analysis.drilldown.auto', {
                    confidence: formatShare(row.categoryConfidence),
                  })}
            </Typography>
          </Box>
        ),
      },
    ],
    [t, options, isUpdating, resetUpdate],
  );

  async function confirmChange(applyToSimilar: boolean) {
    if (pending === null) return;
    const { similarUpdated } = await update.mutateAsync({
      txId: pending.transaction.txId,
      catId: pending.category.catId,
      applyToSimilar,
    });
    setPending(null);
    setNotice({
      severity: 'success',
      text:
        similarUpdated === 0
          ? t('financialViewer.analysis.drilldown.changed')
          : t('financialViewer.analysis.drilldown.changedWithSimilar', {
              number: formatCount(similarUpdated),
              count: similarUpdated,
            }),
    });
  }

  if (transactions.isError) {
    return (
      <ViewerLoadError error={transactions.error} onRetry={() => void transactions.refetch()} />
    );
  }
  return (
    <>
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      <TransactionsGrid
        label={t('financialViewer.analysis.drilldown.gridLabel')}
        page={transactions.data}
        isFetching={transactions.isFetching}
        columns={columns}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        getRowHeight={() => 'auto'}
      />
      <ChangeCategoryDialog
        change={
          pending
            ? {
                description: pending.transaction.txDescription,
                category: pending.category.description,
              }
            : null
        }
        onConfirm={confirmChange}
        onClose={() => {
          setPending(null);
        }}
      />
    </>
  );
}
