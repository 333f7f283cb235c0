import { ZUpdateDomainRequest, type TDomain } from '@app/contracts/dataverse';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { useUpdateDomain } from '../api/update-domain';
import { DOMAIN_DESCRIPTION_MAX_LENGTH } from './domain-form';

const EDIT_FIELDS = ['descriptionEn', 'descriptionEs'] as const;

type EditDomainFormProps = {
  domain: TDomain;
  onClose: () => void;
  onUpdated: (domain: TDomain) => void;
};

function EditDomainForm({ domain, onClose, onUpdated }: EditDomainFormProps) {
  const { t } = useTranslation();
  const update = useUpdateDomain();
  const form = useForm({
    resolver: zodResolver(ZUpdateDomainRequest),
    defaultValues: { descriptionEn: domain.descriptionEn, descriptionEs: domain.descriptionEs },
  });

  return (
    <Form
      form={form}
      layout="plain"
      onSubmit={async (request) => {
        onUpdated(await update.mutateAsync({ domelId: domain.domelId, request }));
      }}
      serverFields={EDIT_FIELDS}
      describeError={(error) => getErrorMessage(t, error)}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <FormOutcomeArea />
        <FormTextField
          name="descriptionEn"
          label={t('admin.domains.form.descriptionEn')}
          maxLength={DOMAIN_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          autoFocus
          required
        />
        <FormTextField
          name="descriptionEs"
          label={t('admin.domains.form.descriptionEs')}
          maxLength={DOMAIN_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('admin.domains.edit.cancel')}
        </Button>
        <SubmitButton>{t('admin.domains.edit.submit')}</SubmitButton>
      </DialogActions>
    </Form>
  );
}

type EditDomainDialogProps = {
  /** The domain being edited; null keeps the dialog closed. */
  domain: TDomain | null;
  onClose: () => void;
  onUpdated: (domain: TDomain) => void;
};

/** Both descriptions of a domain change here; its code stays (datasets refer to it). */
export function EditDomainDialog({ domain, onClose, onUpdated }: EditDomainDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={domain !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('admin.domains.edit.title', { code: domain?.domelCode ?? '' })}
      </DialogTitle>
      {domain === null ? null : (
        <EditDomainForm
          key={domain.domelId}
          domain={domain}
          onClose={onClose}
          onUpdated={onUpdated}
        />
      )}
    </Dialog>
  );
}
