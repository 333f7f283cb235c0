import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type CodeBlockProps = { code: string; label: string };

/**
 * Code in a box that scrolls inside itself (never the page), focusable to scroll from the
 * keyboard, with a Copy button.
 */
export function CodeBlock({ code, label }: CodeBlockProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<{ code: string; ok: boolean } | null>(null);
  const state = copied?.code === code ? copied.ok : null;
  const onCopy = () => {
    navigator.clipboard.writeText(code).then(
      () => {
        setCopied({ code, ok: true });
      },
      () => {
        setCopied({ code, ok: false });
      },
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box
        component="pre"
        role="region"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 2,
          minWidth: 0,
          maxHeight: 420,
          overflow: 'auto',
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
        }}
      >
        <code>{code}</code>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={onCopy}>
          {t('neuronAccess.code.copy', { name: label })}
        </Button>
        <Box role="status" aria-live="polite">
          {state === true ? (
            <Typography variant="body2" color="success.main">
              {t('neuronAccess.code.copied')}
            </Typography>
          ) : null}
          {state === false ? (
            <Typography variant="body2" color="error">
              {t('neuronAccess.code.copyFailed')}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
