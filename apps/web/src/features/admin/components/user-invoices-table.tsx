import type { TInvoice } from '@app/contracts/billing';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '../../../lib/format';
import { CreditNoteDialog } from './credit-note-dialog';

type UserInvoicesTableProps = { userId: string; email: string; invoices: TInvoice[] };

/**
 * What is left to credit of a paid invoice: its total less its credit notes (negative totals),
 * as partial refunds leave part of it. Zero for anything that is not a paid invoice.
 */
function leftToCredit(invoice: TInvoice, invoices: TInvoice[]): number {
  if (invoice.kind !== 'invoice' || invoice.status !== 'paid') return 0;
  return invoices
    .filter((other) => other.kind === 'credit_note' && other.corrects === invoice.number)
    .reduce((left, note) => left + note.total, invoice.total);
}

/** A customer's invoices and credit notes, each paid invoice not credited in full with its Credit note action. */
export function UserInvoicesTable({ userId, email, invoices }: UserInvoicesTableProps) {
  const { t } = useTranslation();
  const [crediting, setCrediting] = useState<{ invoice: TInvoice; leftCents: number } | null>(null);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.billing.invoices.tableLabel', { email })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.billing.invoices.columns.number')}</TableCell>
            <TableCell>{t('admin.billing.invoices.columns.date')}</TableCell>
            <TableCell>{t('admin.billing.invoices.columns.status')}</TableCell>
            <TableCell align="right">{t('admin.billing.invoices.columns.total')}</TableCell>
            <TableCell align="right">{t('admin.billing.invoices.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const leftCents = leftToCredit(invoice, invoices);
            return (
              <TableRow key={invoice.id}>
                <TableCell>
                  {invoice.kind === 'credit_note'
                    ? t('admin.billing.invoices.creditNoteOf', {
                        number: invoice.number ?? '—',
                        corrects: invoice.corrects ?? '—',
                      })
                    : (invoice.number ?? '—')}
                </TableCell>
                <TableCell>{formatDate(invoice.issued ?? invoice.created)}</TableCell>
                <TableCell>{t(`admin.billing.invoices.status.${invoice.status}`)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuroCents(invoice.total)}
                </TableCell>
                <TableCell align="right">
                  {leftCents > 0 ? (
                    <Button
                      size="small"
                      aria-label={t('admin.billing.invoices.creditAction', {
                        number: invoice.number ?? '',
                      })}
                      onClick={() => {
                        setCrediting({ invoice, leftCents });
                      }}
                    >
                      {t('admin.billing.invoices.credit.button')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <CreditNoteDialog
        userId={userId}
        invoice={crediting?.invoice ?? null}
        leftCents={crediting?.leftCents ?? 0}
        onClose={() => {
          setCrediting(null);
        }}
      />
    </TableContainer>
  );
}
