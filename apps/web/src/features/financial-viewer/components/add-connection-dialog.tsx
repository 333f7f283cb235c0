import { FINANCIAL_VIEWER_VALIDATION } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDuplicateName } from '../utils/names';
import { CancelSubmitButtons } from './cancel-submit-buttons';

type AddConnectionDialogProps = {
  isOpen: boolean;
  /** The names of the connections shown, for the duplicate check. */
  existingNames: readonly string[];
  isPending: boolean;
  /** An i18n key for the name field from the server (409 CONFLICT fields.conName). */
  serverNameError?: string | undefined;
  /** Any other failure, already in the user's language. */
  error?: string | undefined;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** Names a new bank connection; Next creates it and opens the bank's widget. */
export function AddConnectionDialog({
  isOpen,
  existingNames,
  isPending,
  serverNameError,
  error,
  onSubmit,
  onClose,
}: AddConnectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const isDuplicate = isDuplicateName(name, existingNames);
  // The server's answer is about the name sent: typing another clears it.
  const nameError = isDuplicate
    ? FINANCIAL_VIEWER_VALIDATION.connectionExists
    : submitted === name
      ? serverNameError
      : undefined;

  function close() {
    setName('');
    setSubmitted(null);
    onClose();
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (name.trim() === '' || isDuplicate) return;
    setSubmitted(name);
    onSubmit(name.trim());
  }

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('financialViewer.connections.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('financialViewer.connections.addIntro')}</DialogContentText>
          <TextField
            label={t('financialViewer.connections.name')}
            value={name}
            required
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
            }}
            error={nameError !== undefined}
            helperText={nameError ? t(nameError) : undefined}
            slotProps={{ htmlInput: { maxLength: 80 } }}
            sx={{ mt: 1 }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <CancelSubmitButtons
            submitLabel={t('financialViewer.actions.next')}
            isSubmitDisabled={name.trim() === '' || nameError !== undefined}
            isPending={isPending}
            isCancelDisabled={isPending}
            onCancel={close}
          />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
