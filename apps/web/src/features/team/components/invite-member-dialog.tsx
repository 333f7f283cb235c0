import { VALIDATION } from '@app/contracts/common';
import { INVITE_EMAIL_PATTERN, ZInviteMemberRequest } from '@app/contracts/team';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormOutcomeArea } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/form-buttons';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError, type ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useInviteMember } from '../api/invite-member';
import { RoleField } from './role-select';

function isEmailTaken(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'EMAIL_TAKEN';
}

type InviteMemberDialogProps = {
  isOpen: boolean;
  onClose: () => void;
};

/** "Add new member": an email and a role; a sent invitation clears the form for the next one. */
export function InviteMemberDialog({ isOpen, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invite = useInviteMember();
  const form = useForm({
    resolver: zodResolver(ZInviteMemberRequest),
    // The address is checked when the field is left, then on every change.
    mode: 'onTouched',
    defaultValues: { email: '', roles: [] },
  });
  const [email, roles] = useWatch({ control: form.control, name: ['email', 'roles'] });
  const canSend = INVITE_EMAIL_PATTERN.test(email.trim()) && roles.length > 0;

  const onCancel = () => {
    if (invite.isPending) return;
    form.reset();
    invite.reset();
    onClose();
  };

  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Form
        form={form}
        layout="plain"
        onSubmit={async (request) => {
          try {
            const member = await invite.mutateAsync(request);
            form.reset();
            return member;
          } catch (error) {
            if (isEmailTaken(error)) {
              const message = error.fields.email ?? VALIDATION.emailTaken;
              form.setError('email', { type: 'server', message }, { shouldFocus: true });
            }
            throw error;
          }
        }}
        successText={(member) => t('team.invite.sent', { email: member.email })}
        describeError={(error, hasFieldErrors) =>
          isEmailTaken(error) || hasFieldErrors ? null : getErrorMessage(t, error)
        }
      >
        <DialogTitle id={titleId}>{t('team.invite.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormOutcomeArea />
          <FormTextField
            name="email"
            label={t('team.fields.email')}
            type="email"
            autoComplete="off"
            autoFocus
            required
          />
          <RoleField />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={invite.isPending}>
            {t('team.invite.cancel')}
          </Button>
          <SubmitButton disabled={!canSend}>{t('team.invite.submit')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
