import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

type CodeBlockProps = { code: string; label: string; maxHeight?: number };

/**
 * Code in a box that scrolls inside itself (never the page), focusable to scroll from the
 * keyboard, with a Copy button named after it.
 */
export function CodeBlock({ code, label, maxHeight = 420 }: CodeBlockProps) {
  const { t } = useTranslation();
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
          maxHeight,
          overflow: 'auto',
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
        }}
      >
        <code>{code}</code>
      </Box>
      <CopyButton text={code} label={t('copy.named', { name: label })} />
    </Box>
  );
}
