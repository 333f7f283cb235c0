import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled placeholder of the engine's default style, such as `[PERSON_1]`. */
const PLACEHOLDER = /(\[[A-Z][A-Z_]*_\d+\])/;

/** The result with each placeholder marked, so a reader can check what was replaced. */
function HighlightedText({ text }: { text: string }) {
  return text.split(PLACEHOLDER).map((part, index) =>
    // `split` with a capturing group puts the placeholders at the odd positions.
    index % 2 === 1 ? (
      <Box
        key={index}
        component="mark"
        sx={{ bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 }}
      >
        {part}
      </Box>
    ) : (
      part
    ),
  );
}

/** The outcome of the last Copy, for the text it copied: a new result has not been copied. */
type CopyOutcome = { text: string; isCopied: boolean };

type AnonymizedResultProps = {
  /** The anonymised text; null before the first result. */
  result: string | null;
};

/**
 * The results box with its Copy button. An HTML result is shown as its source, never
 * rendered: it is the user's document and is copied as it is.
 */
export function AnonymizedResult({ result }: AnonymizedResultProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copyOutcome, setCopyOutcome] = useState<CopyOutcome | null>(null);
  const copyState = copyOutcome?.text !== result ? null : copyOutcome.isCopied;

  const onCopy = async () => {
    if (result === null) return;
    try {
      await navigator.clipboard.writeText(result);
      setCopyOutcome({ text: result, isCopied: true });
    } catch {
      setCopyOutcome({ text: result, isCopied: false });
    }
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('anonymizer.result.title')}
        </Typography>
        <Button
          startIcon={<ContentCopyIcon />}
          disabled={result === null}
          onClick={() => {
            void onCopy();
          }}
        >
          {t('anonymizer.result.copy')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        // Focusable, so the text can be scrolled and selected from the keyboard.
        tabIndex={result === null ? undefined : 0}
        aria-label={t('anonymizer.result.title')}
        data-testid="anonymized-result"
        sx={{
          p: 2,
          minHeight: 240,
          maxHeight: 480,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
        }}
      >
        {result === null ? (
          <Typography color="text.secondary">{t('anonymizer.result.empty')}</Typography>
        ) : (
          <HighlightedText text={result} />
        )}
      </Paper>
      <Box role="status" aria-live="polite">
        {copyState === true ? (
          <Typography variant="body2" color="success.main">
            {t('anonymizer.result.copied')}
          </Typography>
        ) : null}
        {copyState === false ? (
          <Typography variant="body2" color="error">
            {t('anonymizer.result.copyFailed')}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
