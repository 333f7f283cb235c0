import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyButtonProps = {
  text: string;
  /** What the button says, and so its accessible name: "Copy the SHA-256 of Linux". */
  label: string;
  isDisabled?: boolean;
};

/** Copies `text` to the clipboard and says, politely, whether it worked. */
export function CopyButton({ text, label, isDisabled = false }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<{ text: string; isOk: boolean } | null>(null);
  const state = copied?.text === text ? copied.isOk : null;
  const onCopy = () => {
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied({ text, isOk: true });
      },
      () => {
        setCopied({ text, isOk: false });
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<ContentCopyIcon />} disabled={isDisabled} onClick={onCopy}>
        {label}
      </Button>
      <Box role="status" aria-live="polite">
        {state === null ? null : (
          <Typography variant="body2" color={state ? 'success.main' : 'error'}>
            {state ? t('copy.copied') : t('copy.failed')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
