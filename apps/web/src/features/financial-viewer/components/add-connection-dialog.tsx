import {
  FINANCIAL_VIEWER_ERRORS,
  FINANCIAL_VIEWER_VALIDATION,
} from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { getViewerErrorMessage, hasErrorCode } from '../utils/error-text';
import { newNameSchema } from '../utils/names';

type AddConnectionDialogProps = {
  isOpen: boolean;
  /** The names of the connections shown, for the duplicate check. */
  existingNames: readonly string[];
  /** Creates the connection; a refusal shows on the name (409) or above it (the plan aside). */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

/** A new connection's name: not empty, and none of the shown ones (ignoring case). */
function connectionForm(existingNames: readonly string[]) {
  return z.object({
    name: newNameSchema(existingNames, FINANCIAL_VIEWER_VALIDATION.connectionExists),
  });
}

/** Names a new bank connection; Next creates it and opens the bank's widget. */
export function AddConnectionDialog({
  isOpen,
  existingNames,
  onSubmit,
  onClose,
}: AddConnectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const schema = useMemo(() => connectionForm(existingNames), [existingNames]);
  const form = useForm({
    resolver: zodResolver(schema),
    // A duplicate shows as it is typed; the server's answer goes once another name is typed.
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const { isSubmitting, errors } = form.formState;

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Dialog
      open={isOpen}
      onClose={isSubmitting ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Form
        form={form}
        layout="plain"
        onSubmit={async (values) => {
          await onSubmit(values.name);
          form.reset();
        }}
        serverNames={() => ['conName']}
        describeError={(error, hasFieldErrors) =>
          hasFieldErrors || hasErrorCode(error, FINANCIAL_VIEWER_ERRORS.planExceeded)
            ? null
            : getViewerErrorMessage(t, error)
        }
      >
        <DialogTitle id={titleId}>{t('financialViewer.connections.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('financialViewer.connections.addIntro')}</DialogContentText>
          <FormTextField
            name="name"
            label={t('financialViewer.connections.name')}
            required
            autoFocus
            maxLength={80}
          />
          <FormOutcomeArea />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t('financialViewer.actions.cancel')}
          </Button>
          <SubmitButton disabled={name.trim() === '' || errors.name !== undefined}>
            {t('financialViewer.actions.next')}
          </SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
