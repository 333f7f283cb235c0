import { ZUpdateMemberRequest, type TTeamMember } from '@app/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useUpdateMember } from '../api/update-member';
import { RoleSelect } from './role-select';

type EditMemberFormProps = {
  member: TTeamMember;
  onClose: () => void;
  onDelete: (member: TTeamMember) => void;
};

function EditMemberForm({ member, onClose, onDelete }: EditMemberFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZUpdateMemberRequest),
    defaultValues: {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      roles: member.roles.slice(0, 1),
    },
  });

  const onSubmit = form.handleSubmit((request) => {
    setFormError(null);
    update.mutate(
      { id: member.id, request },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = ['firstName', 'lastName', 'email', 'roles'] as const;
          if (!setServerFieldErrors(error, form.setError, fields)) {
            setFormError(getErrorMessage(t, error));
          }
        },
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        void onSubmit(event);
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {formError === null ? null : <Alert severity="error">{formError}</Alert>}
        <FormTextField
          control={form.control}
          name="email"
          label={t('team.fields.email')}
          type="email"
          readOnly
        />
        <FormTextField
          control={form.control}
          name="firstName"
          label={t('team.fields.firstName')}
          autoComplete="off"
          autoFocus
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label={t('team.fields.lastName')}
          autoComplete="off"
        />
        <Controller
          control={form.control}
          name="roles"
          render={({ field, fieldState }) => (
            <RoleSelect
              value={field.value[0] ?? null}
              onChange={(role) => {
                field.onChange([role]);
              }}
              onBlur={field.onBlur}
              errorKey={fieldState.error?.message}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          onClick={() => {
            onDelete(member);
          }}
          disabled={update.isPending}
          sx={{ mr: 'auto' }}
        >
          {t('team.edit.delete')}
        </Button>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('team.edit.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('team.edit.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

type EditMemberDialogProps = {
  /** The member being edited; null keeps the dialog closed. */
  member: TTeamMember | null;
  onClose: () => void;
  onDelete: (member: TTeamMember) => void;
};

/** "Edit member": the email is read-only; names and role can change; DELETE asks first. */
export function EditMemberDialog({ member, onClose, onDelete }: EditMemberDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('team.edit.title')}</DialogTitle>
      {member === null ? null : (
        <EditMemberForm key={member.id} member={member} onClose={onClose} onDelete={onDelete} />
      )}
    </Dialog>
  );
}
