import type { TTeamMember } from '@app/contracts/team';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
  const remove = useDeleteMember();

  const onCancel = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      isOpen={member !== null}
      title={t('team.delete.title')}
      message={t('team.delete.question')}
      confirmLabel={t('team.delete.confirm')}
      cancelLabel={t('team.delete.cancel')}
      isPending={remove.isPending}
      error={remove.isError ? getErrorMessage(t, remove.error) : null}
      onConfirm={() => {
        if (member === null) return;
        remove.mutate(member.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted();
          },
        });
      }}
      onClose={onCancel}
    />
  );
}
