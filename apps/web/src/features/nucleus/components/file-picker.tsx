import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SINTEZA_FILE_MAX_BYTES } from '@app/contracts/nucleus';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_FILE_TYPES, checkFile, formatBytes, type FileProblem } from '../utils/file-check';

/** Chooses the table to synthesize; a file of another type or over 50 MB is refused here. */
export function FilePicker({ onPick }: { onPick: (file: File) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    const found = checkFile(file);
    setProblem(found);
    if (found === null) onPick(file);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="h6" component="h3">
          {t('nucleus.upload.title')}
        </Typography>
        <Typography color="text.secondary">
          {t('nucleus.upload.hint', { size: formatBytes(SINTEZA_FILE_MAX_BYTES) })}
        </Typography>
      </Box>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPTED_FILE_TYPES}
        onChange={onChange}
        hidden
        data-testid="nucleus-file-input"
      />
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
        >
          {t('nucleus.upload.choose')}
        </Button>
      </Box>
      {problem === null ? null : (
        <Alert severity="error">
          {problem === 'fileType'
            ? t('nucleus.upload.errors.fileType')
            : problem === 'fileTooLarge'
              ? t('nucleus.upload.errors.fileTooLarge', {
                  size: formatBytes(SINTEZA_FILE_MAX_BYTES),
                })
              : t('nucleus.upload.errors.fileEmpty')}
        </Alert>
      )}
    </Paper>
  );
}
