import type { TCashflowRow } from '@app/contracts/financial-viewer';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, euroColumn } from '../grid-columns';
import { DailyGrid } from './daily-grid';

/** The daily cashflow, newest first, 20 rows a page. */
export function CashflowGrid({ rows }: { rows: TCashflowRow[] }) {
  const { t } = useTranslation();
  const newestFirst = useMemo(
    () => [...rows].sort((a, b) => b.cashflow_date.localeCompare(a.cashflow_date)),
    [rows],
  );
  const columns = useMemo<GridColDef<TCashflowRow>[]>(
    () => [
      dateColumn({
        field: 'cashflow_date',
        headerName: t('financialViewer.analysis.cashflow.date'),
        flex: 1,
        minWidth: 110,
      }),
      euroColumn({
        field: 'cashflow_income',
        headerName: t('financialViewer.analysis.cashflow.income'),
        minWidth: 120,
      }),
      euroColumn({
        field: 'cashflow_expense',
        headerName: t('financialViewer.analysis.cashflow.expense'),
        minWidth: 120,
      }),
      euroColumn({
        field: 'cashflow_balance',
        headerName: t('financialViewer.analysis.cashflow.balance'),
      }),
    ],
    [t],
  );
  return (
    <DailyGrid
      label={t('financialViewer.analysis.cashflow.grid')}
      rows={newestFirst}
      getDate={(row) => row.cashflow_date}
      columns={columns}
    />
  );
}
