import { FINANCIAL_VIEWER_VALIDATION, type TAccount } from '@app/contracts/financial-viewer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignCompany } from '../api/assign-company';
import { useCreateCompany } from '../api/create-company';
import { useCompanies } from '../api/get-companies';
import { fieldErrorKey, getViewerErrorMessage } from '../utils/error-text';
import { isDuplicateName } from '../utils/names';

type AssignCompanyDialogProps = {
  account: TAccount | null;
  onAssigned: (account: TAccount) => void;
  onClose: () => void;
};

/**
 * Puts an account under a company: one of the team's, or a new one added here (its name must
 * not repeat one, ignoring case). Assign needs a selection (spec §5).
 */
export function AssignCompanyDialog({ account, onAssigned, onClose }: AssignCompanyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isOpen = account !== null;
  const companies = useCompanies({ enabled: isOpen });
  const create = useCreateCompany();
  const assign = useAssignCompany();
  const [selected, setSelected] = useState('');
  const [newName, setNewName] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);

  // A new account to assign: start from its current company.
  const accountId = account?.accountId ?? null;
  if (accountId !== shownFor) {
    setShownFor(accountId);
    setSelected(account?.accountCompanyName ?? '');
    setNewName('');
    create.reset();
    assign.reset();
  }

  const names = (companies.data ?? []).map((company) => company.companyName);
  const isDuplicate = isDuplicateName(newName, names);
  const serverNameError = fieldErrorKey(create.error, 'companyName');
  const newNameError = isDuplicate
    ? FINANCIAL_VIEWER_VALIDATION.companyExists
    : create.isError && create.variables.companyName === newName.trim()
      ? (serverNameError ?? undefined)
      : undefined;

  function addCompany() {
    const companyName = newName.trim();
    if (companyName === '' || isDuplicate) return;
    create.mutate(
      { companyName },
      {
        onSuccess: (company) => {
          setSelected(company.companyName);
          setNewName('');
        },
      },
    );
  }

  function submit() {
    if (account === null || selected === '') return;
    assign.mutate(
      { accountId: account.accountId, companyName: selected },
      { onSuccess: onAssigned },
    );
  }

  const otherError =
    (create.isError && serverNameError === undefined
      ? getViewerErrorMessage(t, create.error)
      : undefined) ?? (assign.isError ? getViewerErrorMessage(t, assign.error) : undefined);

  return (
    <Dialog
      open={isOpen}
      onClose={assign.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('financialViewer.accounts.assignTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {t('financialViewer.accounts.assignIntro', { name: account?.accountName ?? '' })}
        </DialogContentText>
        {companies.isPending ? (
          <Skeleton variant="rounded" height={40} />
        ) : (
          <TextField
            select
            size="small"
            label={t('financialViewer.accounts.company')}
            value={selected}
            onChange={(event) => {
              setSelected(event.target.value);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
          >
            <option value="" disabled>
              {t('financialViewer.accounts.chooseCompany')}
            </option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </TextField>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            addCompany();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('financialViewer.accounts.newCompany')}
            value={newName}
            onChange={(event) => {
              setNewName(event.target.value);
            }}
            error={newNameError !== undefined}
            helperText={newNameError ? t(newNameError) : undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="outlined"
            loading={create.isPending}
            disabled={newName.trim() === '' || newNameError !== undefined}
          >
            {t('financialViewer.actions.add')}
          </Button>
        </Box>
        {otherError ? <Alert severity="error">{otherError}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('financialViewer.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={assign.isPending}
          disabled={selected === ''}
          onClick={submit}
        >
          {t('financialViewer.accounts.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
