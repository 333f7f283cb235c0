import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteRun } from '../api/delete-run';
import { getNucleusErrorMessage } from '../utils/error-text';

type DeleteRunDialogProps = {
  run: { id: string; fileName: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** 'Delete this run and its files?' before it goes. */
export function DeleteRunDialog({ run, onClose, onDeleted }: DeleteRunDialogProps) {
  const { t } = useTranslation();
  const deleteRun = useDeleteRun();
  const close = () => {
    deleteRun.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={run !== null}
      title={t('nucleus.delete.title')}
      message={t('nucleus.delete.message', { name: run?.fileName ?? '' })}
      confirmLabel={t('nucleus.delete.confirm')}
      cancelLabel={t('common.cancel')}
      isPending={deleteRun.isPending}
      error={deleteRun.isError ? getNucleusErrorMessage(t, deleteRun.error) : undefined}
      onClose={close}
      onConfirm={() => {
        if (run === null) return;
        deleteRun.mutate(run.id, {
          onSuccess: () => {
            close();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
