import { FINANCIAL_VIEWER_VALIDATION, type TAccount } from '@app/contracts/financial-viewer';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { useAssignCompany } from '../api/assign-company';
import { useCreateCompany } from '../api/create-company';
import { useCompanies } from '../api/get-companies';
import { getViewerErrorMessage } from '../utils/error-text';
import { newNameSchema } from '../utils/names';

type AssignCompanyDialogProps = {
  account: TAccount | null;
  onAssigned: (account: TAccount) => void;
  onClose: () => void;
};

/** A new company's name: not empty, and none of the team's (ignoring case). */
function companyForm(names: readonly string[]) {
  return z.object({
    companyName: newNameSchema(names, FINANCIAL_VIEWER_VALIDATION.companyExists),
  });
}

type NewCompanyFormProps = {
  /** The team's companies, for the duplicate check. */
  names: readonly string[];
  onAdded: (companyName: string) => void;
};

/** Adds a company to the team; a name the server refuses (409) shows on the field. */
function NewCompanyForm({ names, onAdded }: NewCompanyFormProps) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const schema = useMemo(() => companyForm(names), [names]);
  const form = useForm({
    resolver: zodResolver(schema),
    // A duplicate shows as it is typed; the server's answer goes once another name is typed.
    mode: 'onChange',
    defaultValues: { companyName: '' },
  });
  const companyName = useWatch({ control: form.control, name: 'companyName' });
  return (
    <Form
      form={form}
      layout="plain"
      onSubmit={async (values) => {
        const company = await create.mutateAsync(values);
        form.reset();
        onAdded(company.companyName);
      }}
      describeError={(error, hasFieldErrors) =>
        hasFieldErrors ? null : getViewerErrorMessage(t, error)
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <FormTextField
              name="companyName"
              label={t('financialViewer.accounts.newCompany')}
              maxLength={100}
            />
          </Box>
          <SubmitButton
            variant="outlined"
            disabled={companyName.trim() === '' || form.formState.errors.companyName !== undefined}
          >
            {t('financialViewer.actions.add')}
          </SubmitButton>
        </Box>
        <FormOutcomeArea />
      </Box>
    </Form>
  );
}

/**
 * Puts an account under a company: one of the team's, or a new one added here (its name must
 * not repeat one, ignoring case). Assign needs a selection (spec §5).
 */
export function AssignCompanyDialog({ account, onAssigned, onClose }: AssignCompanyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isOpen = account !== null;
  const companies = useCompanies({ enabled: isOpen });
  const assign = useAssignCompany();
  const [selected, setSelected] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);

  // A new account to assign: start from its current company.
  const accountId = account?.accountId ?? null;
  if (accountId !== shownFor) {
    setShownFor(accountId);
    setSelected(account?.accountCompanyName ?? '');
    assign.reset();
  }

  const names = (companies.data ?? []).map((company) => company.companyName);

  function submit() {
    if (account === null || selected === '') return;
    assign.mutate(
      { accountId: account.accountId, companyName: selected },
      { onSuccess: onAssigned },
    );
  }

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
        {/* A new form for each account: nothing typed for another stays. */}
        <NewCompanyForm key={accountId} names={names} onAdded={setSelected} />
        {assign.isError ? (
          <Alert severity="error">{getViewerErrorMessage(t, assign.error)}</Alert>
        ) : null}
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
