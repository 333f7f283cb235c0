import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocale } from '../hooks/use-grid-locale';

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
  const localeText = useGridLocale();
  return (
    <DataGrid
      disableRowSelectionOnClick
      disableColumnMenu
      disableVirtualization
      {...props}
      localeText={emptyText === undefined ? localeText : { ...localeText, noRowsLabel: emptyText }}
    />
  );
}
