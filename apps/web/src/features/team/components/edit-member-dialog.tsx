import { ZUpdateMemberRequest, type TTeamMember } from '@app/contracts/team';
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
import { useUpdateMember } from '../api/update-member';
import { RoleField } from './role-select';

type EditMemberFormProps = {
  member: TTeamMember;
  onClose: () => void;
  onDelete: (member: TTeamMember) => void;
};

function EditMemberForm({ member, onClose, onDelete }: EditMemberFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const form = useForm({
    resolver: zodResolver(ZUpdateMemberRequest),
    defaultValues: {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      roles: member.roles.slice(0, 1),
    },
  });

  return (
    <Form
      form={form}
      layout="plain"
      onSubmit={async (request) => {
        await update.mutateAsync({ id: member.id, request });
        onClose();
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <FormOutcomeArea />
        <FormTextField name="email" label={t('team.fields.email')} type="email" readOnly />
        <FormTextField
          name="firstName"
          label={t('team.fields.firstName')}
          autoComplete="off"
          autoFocus
        />
        <FormTextField name="lastName" label={t('team.fields.lastName')} autoComplete="off" />
        <RoleField />
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
        <SubmitButton>{t('team.edit.submit')}</SubmitButton>
      </DialogActions>
    </Form>
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
