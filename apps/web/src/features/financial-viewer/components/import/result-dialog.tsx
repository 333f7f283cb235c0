import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../../components/message-dialog';

export type WizardMessage = { kind: 'info' | 'error'; lines: string[] };

/** The wizard's 'Info' and 'Error' dialogs (spec §2 Import wizard). */
export function ResultDialog({
  message,
  onClose,
  actions,
}: {
  message: WizardMessage | null;
  onClose: () => void;
  /** Buttons in place of OK (the inactive-connection info's Cancel and Continue). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      isOpen={message !== null}
      title={
        message?.kind === 'error'
          ? t('financialViewer.dialogs.errorTitle')
          : t('financialViewer.dialogs.infoTitle')
      }
      message={message?.lines ?? []}
      onClose={onClose}
      actions={actions}
    />
  );
}
