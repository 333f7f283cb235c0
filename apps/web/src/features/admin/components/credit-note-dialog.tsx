import { ZAdminCreditNoteRequest } from '@app/contracts/admin';
import type { TInvoice } from '@app/contracts/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormRadioGroup } from '../../../components/form/form-radio';
import { formatEuroCents } from '../../../lib/format';
import { useCreditInvoice } from '../api/credit-invoice';

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
  const credit = useCreditInvoice();
  return (
    <Dialog
      open={invoice !== null}
      onClose={credit.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('admin.billing.invoices.credit.title', { number: invoice?.number ?? '' })}
      </DialogTitle>
      {invoice === null ? null : (
        <CreditNoteForm
          key={invoice.id}
          userId={userId}
          invoice={invoice}
          leftCents={leftCents}
          credit={credit}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CreditNoteForm({
  userId,
  invoice,
  leftCents,
  credit,
  onClose,
}: CreditNoteDialogProps & { invoice: TInvoice; credit: ReturnType<typeof useCreditInvoice> }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(ZAdminCreditNoteRequest),
    defaultValues: { reason: 'refund' as const },
  });
  return (
    <Form
      form={form}
      layout="plain"
      label={t('admin.billing.invoices.credit.title', { number: invoice.number ?? '' })}
      onSubmit={async ({ reason }) => {
        await credit.mutateAsync({ userId, invoiceId: invoice.id, reason });
        onClose();
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {leftCents < invoice.total
            ? t('admin.billing.invoices.credit.messageRest', {
                left: formatEuroCents(leftCents),
                total: formatEuroCents(invoice.total),
              })
            : t('admin.billing.invoices.credit.message', {
                total: formatEuroCents(invoice.total),
              })}
        </DialogContentText>
        <FormRadioGroup
          name="reason"
          label={t('admin.billing.invoices.credit.reason')}
          options={[
            { value: 'refund', label: t('admin.billing.invoices.credit.refund') },
            { value: 'canceled', label: t('admin.billing.invoices.credit.canceled') },
          ]}
        />
        <FormOutcomeArea />
      </DialogContent>
      <DialogActions>
        <CancelButton onClose={onClose} />
        <SubmitButton color="error">{t('admin.billing.invoices.credit.confirm')}</SubmitButton>
      </DialogActions>
    </Form>
  );
}

function CancelButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Button onClick={onClose} disabled={isSubmitting} autoFocus>
      {t('admin.billing.invoices.credit.cancel')}
    </Button>
  );
}
