import type { TTeamMember } from '@app/contracts/team';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../lib/error-message';
import { useDeleteMember } from '../api/delete-member';

type DeleteMemberDialogProps = {
  /** The member to delete; null keeps the dialog closed. */
  member: TTeamMember | null;
  onClose: () => void;
  onDeleted: () => void;
};

/** "Delete member": asks before removing the member or the pending invitation. */
export function DeleteMemberDialog({ member, onClose, onDeleted }: DeleteMemberDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const remove = useDeleteMember();

  const onCancel = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={member !== null}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('team.delete.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={messageId}>{t('team.delete.question')}</DialogContentText>
        {remove.isError ? <Alert severity="error">{getErrorMessage(t, remove.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={remove.isPending} autoFocus>
          {t('team.delete.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => {
            if (member === null) return;
            remove.mutate(member.id, {
              onSuccess: () => {
                remove.reset();
                onDeleted();
              },
            });
          }}
        >
          {t('team.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
