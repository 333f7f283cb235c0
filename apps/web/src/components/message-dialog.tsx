import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type MessageDialogProps = {
  isOpen: boolean;
  title: ReactNode;
  /** One text, or several paragraphs as a list of texts. */
  message: ReactNode | readonly string[];
  onClose: () => void;
  /** Buttons in place of the single OK. */
  actions?: ReactNode;
};

function isParagraphs(message: MessageDialogProps['message']): message is readonly string[] {
  return Array.isArray(message) && message.every((item) => typeof item === 'string');
}

/** A dialog that tells one thing and closes with OK. */
export function MessageDialog({ isOpen, title, message, onClose, actions }: MessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {isParagraphs(message) ? (
        <DialogContent id={messageId}>
          {message.map((paragraph) => (
            <DialogContentText key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </DialogContentText>
          ))}
        </DialogContent>
      ) : (
        <DialogContent>
          <DialogContentText id={messageId}>{message}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        {actions ?? (
          <Button onClick={onClose} autoFocus>
            {t('common.ok')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
