import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export type Notice = { severity: 'success' | 'info' | 'warning' | 'error'; text: string };

type NoticeAreaProps = { notice: Notice | null; onClose: () => void };

/**
 * Where an action's outcome appears; screen readers announce it as it changes. Its close
 * button is named "Dismiss message", apart from any dialog's Close.
 */
export function NoticeArea({ notice, onClose }: NoticeAreaProps) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite">
      {notice === null ? null : (
        <Alert severity={notice.severity} onClose={onClose} closeText={t('common.dismiss')}>
          {notice.text}
        </Alert>
      )}
    </Box>
  );
}
