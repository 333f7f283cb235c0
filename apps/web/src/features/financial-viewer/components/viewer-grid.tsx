import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
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
  const localeText = useGridLocale(emptyText ?? t('financialViewer.empty'));
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
