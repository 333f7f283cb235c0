import type { TAdminCreditNoteRequest } from '@app/contracts/admin';
import type { TInvoice } from '@app/contracts/billing';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/error-message';
import { formatEuroCents } from '../../../lib/format';
import { useCreditInvoice } from '../api/credit-invoice';

type Reason = TAdminCreditNoteRequest['reason'];
type CreditNoteDialogProps = {
  userId: string;
  invoice: TInvoice | null;
  /** What earlier credit notes (partial refunds) left of the invoice's total. */
  leftCents: number;
  onClose: () => void;
};

/** Asks how the charge of a paid invoice was returned before its credit note is issued. */
export function CreditNoteDialog({ userId, invoice, leftCents, onClose }: CreditNoteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState<Reason>('refund');
  const credit = useCreditInvoice();
  const close = () => {
    credit.reset();
    setReason('refund');
    onClose();
  };
  const onConfirm = () => {
    if (!invoice) return;
    credit.mutate({ userId, invoiceId: invoice.id, reason }, { onSuccess: close });
  };
  return (
    <Dialog
      open={invoice !== null}
      onClose={credit.isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('admin.billing.invoices.credit.title', { number: invoice?.number ?? '' })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {invoice && leftCents < invoice.total
            ? t('admin.billing.invoices.credit.messageRest', {
                left: formatEuroCents(leftCents),
                total: formatEuroCents(invoice.total),
              })
            : t('admin.billing.invoices.credit.message', {
                total: formatEuroCents(invoice?.total ?? 0),
              })}
        </DialogContentText>
        <RadioGroup
          aria-label={t('admin.billing.invoices.credit.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as Reason);
          }}
        >
          <FormControlLabel
            value="refund"
            control={<Radio />}
            label={t('admin.billing.invoices.credit.refund')}
          />
          <FormControlLabel
            value="canceled"
            control={<Radio />}
            label={t('admin.billing.invoices.credit.canceled')}
          />
        </RadioGroup>
        {credit.isError ? <Alert severity="error">{getErrorMessage(t, credit.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={credit.isPending} autoFocus>
          {t('admin.billing.invoices.credit.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={credit.isPending} onClick={onConfirm}>
          {t('admin.billing.invoices.credit.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
