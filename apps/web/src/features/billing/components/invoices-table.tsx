import type { TInvoice } from '@app/contracts/billing';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';

/** Spec section 9: the invoices grid shows 10, 15 or 20 rows (10 by default). */
export const INVOICE_PAGE_SIZES = [10, 15, 20];

/** Draft invoices and those without a status are not shown (spec section 2). */
export function visibleInvoices(invoices: TInvoice[]): TInvoice[] {
  return invoices.filter((invoice) => invoice.status !== '' && invoice.status !== 'draft');
}

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'default' | 'error'> = {
  paid: 'success',
  open: 'warning',
  void: 'default',
  uncollectible: 'error',
};

export function InvoicesTable({ invoices }: { invoices: TInvoice[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(INVOICE_PAGE_SIZES[0] ?? 10);
  const rows = visibleInvoices(invoices);
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('billing.invoices.empty')}</Typography>;
  }
  const shown = rows.slice(page * pageSize, (page + 1) * pageSize);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('billing.invoices.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.invoices.number')}</TableCell>
              <TableCell>{t('billing.invoices.kind')}</TableCell>
              <TableCell>{t('billing.invoices.date')}</TableCell>
              <TableCell align="right">{t('billing.invoices.total')}</TableCell>
              <TableCell>{t('billing.invoices.status')}</TableCell>
              <TableCell>{t('billing.invoices.documents')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {invoice.number ?? t('billing.invoices.unnumbered')}
                </TableCell>
                <TableCell>
                  {t(`billing.invoices.kinds.${invoice.kind}`)}
                  {invoice.corrects === null ? null : (
                    <Typography variant="body2" color="text.secondary">
                      {t('billing.invoices.corrects', { number: invoice.corrects })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{formatDate(invoice.created)}</TableCell>
                <TableCell align="right">{formatEuroCents(invoice.total)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t(`billing.invoices.statuses.${invoice.status}`, {
                      defaultValue: invoice.status,
                    })}
                    color={STATUS_COLORS[invoice.status] ?? 'default'}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link href={invoice.invoicePdf} target="_blank" rel="noopener" sx={{ mr: 2 }}>
                    {t('billing.invoices.pdf')}
                  </Link>
                  <Link href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener">
                    {t('billing.invoices.view')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={INVOICE_PAGE_SIZES}
        labelRowsPerPage={t('billing.invoices.rowsPerPage')}
        onPageChange={(_, next) => {
          setPage(next);
        }}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
