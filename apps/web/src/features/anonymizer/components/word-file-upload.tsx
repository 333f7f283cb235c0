import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WORD_FILE_ACCEPT,
  WORD_FILE_MAX_MEGABYTES,
  type WordFileProblem,
} from '../utils/read-word-file';

function getProblemMessage(t: TFunction, problem: WordFileProblem): string {
  switch (problem) {
    case 'notWord':
      return t('anonymizer.file.problems.notWord');
    case 'unreadable':
      return t('anonymizer.file.problems.unreadable');
    case 'empty':
      return t('anonymizer.file.problems.empty');
    case 'tooLarge':
      return t('anonymizer.file.problems.tooLarge', { max: WORD_FILE_MAX_MEGABYTES });
    case 'planExceeded':
      return t('anonymizer.file.problems.planExceeded');
    case 'needsToken':
      return t('anonymizer.file.problems.needsToken');
    case 'invalidToken':
      return t('anonymizer.errors.invalidToken');
    case 'failed':
      return t('anonymizer.file.problems.failed');
  }
}

type WordFileUploadProps = {
  /** The file being read, while it is read. */
  readingName: string | null;
  /** The file whose text is in the text area. */
  loadedName: string | null;
  problem: WordFileProblem | null;
  disabled?: boolean;
  onSelect: (file: File) => void;
};

/**
 * Takes the text of a Word file. A real button opens the file picker, so the control is
 * reachable and operable from the keyboard like any other.
 */
export function WordFileUpload({
  readingName,
  loadedName,
  problem,
  disabled = false,
  onSelect,
}: WordFileUploadProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const isReading = readingName !== null;

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled || isReading}
          aria-describedby={hintId}
          onClick={() => {
            inputRef.current?.click();
          }}
        >
          {t('anonymizer.file.upload')}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={WORD_FILE_ACCEPT}
          aria-label={t('anonymizer.file.upload')}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again is a change too.
            event.target.value = '';
            if (file !== undefined) onSelect(file);
          }}
        />
        {loadedName !== null && !isReading ? (
          <Typography variant="body2" color="text.secondary">
            {t('anonymizer.file.loaded', { name: loadedName })}
          </Typography>
        ) : null}
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {t('anonymizer.file.hint')}
      </Typography>
      <Box role="status" aria-live="polite">
        {isReading ? (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2">
              {t('anonymizer.file.reading', { name: readingName })}
            </Typography>
            <LinearProgress aria-label={t('anonymizer.file.reading', { name: readingName })} />
          </Box>
        ) : null}
      </Box>
      {problem === null ? null : (
        <Alert severity="error" role="alert">
          {getProblemMessage(t, problem)}
        </Alert>
      )}
    </Box>
  );
}
