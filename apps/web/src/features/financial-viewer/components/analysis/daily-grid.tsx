import { CASHFLOW_PAGE_SIZE } from '@app/contracts/financial-viewer';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ViewerGrid } from '../viewer-grid';

type DailyGridProps<R extends GridValidRowModel> = {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  getDate: (row: R) => string;
};

/** Rows of one day each, paged in the browser 20 a page. */
export function DailyGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  getDate,
}: DailyGridProps<R>) {
  const { t } = useTranslation();
  return (
    <ViewerGrid
      aria-label={label}
      rows={rows}
      getRowId={getDate}
      columns={columns}
      initialState={{ pagination: { paginationModel: { page: 0, pageSize: CASHFLOW_PAGE_SIZE } } }}
      pageSizeOptions={[CASHFLOW_PAGE_SIZE]}
      emptyText={t('financialViewer.analysis.noData')}
    />
  );
}
