import { TRANSACTIONS_PAGE_SIZE, type TTransaction } from '@app/contracts/financial-viewer';
import Box from '@mui/material/Box';
import { ViewerGrid, type ViewerGridProps } from './viewer-grid';

type TransactionsGridProps = Omit<
  ViewerGridProps<TTransaction>,
  'rows' | 'getRowId' | 'rowCount' | 'loading' | 'paginationMode' | 'pageSizeOptions'
> & {
  label: string;
  /** The page the server sent, undefined until it has. */
  page: { items: TTransaction[]; total: number } | undefined;
  isFetching: boolean;
};

/** Transactions paged by the server, 10 a page. */
export function TransactionsGrid({ label, page, isFetching, ...props }: TransactionsGridProps) {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <ViewerGrid
        aria-label={label}
        rows={page?.items ?? []}
        getRowId={(row) => row.txId}
        loading={isFetching}
        rowCount={page?.total ?? 0}
        paginationMode="server"
        pageSizeOptions={[TRANSACTIONS_PAGE_SIZE]}
        sx={{ minHeight: 300 }}
        {...props}
      />
    </Box>
  );
}
