import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { useGridLocale } from '../../../lib/use-grid-locale';

export type ViewerGridProps<R extends GridValidRowModel> = DataGridProps<R> & {
  /** The empty grid's text, where the module's general one does not fit. */
  emptyText?: string;
};

/**
 * The Financial Viewer's data grid: its texts in the UI language, no row selection or column
 * menu. Pages hold a few rows, so all are rendered: that keeps them usable and readable to tests.
 */
export function ViewerGrid<R extends GridValidRowModel>({
  emptyText,
  ...props
}: ViewerGridProps<R>) {
  const { t } = useTranslation();
  const localeText = {
    ...useGridLocale(emptyText ?? t('financialViewer.empty')),
    // Row counts grouped in Spanish format, like every number of the module: 1–10 of 12.345.
    paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      t('financialViewer.gridRows', {
        from: formatCount(from),
        to: formatCount(to),
        total: formatCount(count),
      }),
  };
  return (
    <DataGrid
      disableRowSelectionOnClick
      disableColumnMenu
      disableVirtualization
      {...props}
      localeText={localeText}
    />
  );
}
