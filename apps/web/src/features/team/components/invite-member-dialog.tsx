import { VALIDATION } from '@app/contracts/common';
import { INVITE_EMAIL_PATTERN, ZInviteMemberRequest } from '@app/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useInviteMember } from '../api/invite-member';
import { RoleSelect } from './role-select';

type InviteMemberDialogProps = {
  isOpen: boolean;
  onClose: () => void;
};

/** "Add new member": an email and a role; a sent invitation clears the form for the next one. */
export function InviteMemberDialog({ isOpen, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invite = useInviteMember();
  const [formError, setFormError] = useState<string | null>(null);
  const [invitedEmail, setInvitedEmail] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZInviteMemberRequest),
    // The address is checked when the field is left, then on every change.
    mode: 'onTouched',
    defaultValues: { email: '', roles: [] },
  });
  const [email, roles] = useWatch({ control: form.control, name: ['email', 'roles'] });
  const canSend = INVITE_EMAIL_PATTERN.test(email.trim()) && roles.length > 0 && !invite.isPending;

  const onSubmit = form.handleSubmit((request) => {
    setFormError(null);
    setInvitedEmail(null);
    invite.mutate(request, {
      onSuccess: (member) => {
        form.reset();
        setInvitedEmail(member.email);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          const message = error.fields.email ?? VALIDATION.emailTaken;
          form.setError('email', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        if (!setServerFieldErrors(error, form.setError, ['email', 'roles'])) {
          setFormError(getErrorMessage(t, error));
        }
      },
    });
  });

  const onCancel = () => {
    if (invite.isPending) return;
    form.reset();
    invite.reset();
    setFormError(null);
    setInvitedEmail(null);
    onClose();
  };

  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
      >
        <DialogTitle id={titleId}>{t('team.invite.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Box role="status" aria-live="polite">
            {invitedEmail === null ? null : (
              <Alert severity="success">{t('team.invite.sent', { email: invitedEmail })}</Alert>
            )}
          </Box>
          {formError === null ? null : <Alert severity="error">{formError}</Alert>}
          <FormTextField
            control={form.control}
            name="email"
            label={t('team.fields.email')}
            type="email"
            autoComplete="off"
            autoFocus
            required
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
          <Button onClick={onCancel} disabled={invite.isPending}>
            {t('team.invite.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSend} loading={invite.isPending}>
            {t('team.invite.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
