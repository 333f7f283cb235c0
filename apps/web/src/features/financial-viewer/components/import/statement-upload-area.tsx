import { STATEMENT_EXTENSIONS } from '@app/contracts/financial-viewer';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionIcon from '@mui/icons-material/Description';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5: Excel or CSV only. */
export function isStatementFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return STATEMENT_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** A size in KB with two decimals, Spanish format: 2048 → "2,00 KB". */
export function formatKilobytes(bytes: number): string {
  return `${new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(bytes / 1024)} KB`;
}

type StatementUploadAreaProps = {
  file: File | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
};

/** Drop a statement here or pick it with the button; the chosen file shows with its size. */
export function StatementUploadArea({
  file,
  onFile,
  onRemove,
  disabled = false,
}: StatementUploadAreaProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const [isWrongType, setWrongType] = useState(false);

  function take(chosen: File | undefined) {
    if (!chosen) return;
    if (!isStatementFile(chosen)) {
      setWrongType(true);
      return;
    }
    setWrongType(false);
    onFile(chosen);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    take(event.dataTransfer.files[0]);
  }

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {file === null ? (
        <Paper
          variant="outlined"
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => {
            setOver(false);
          }}
          onDrop={onDrop}
          data-testid="statement-drop-area"
          sx={{
            p: 3,
            display: 'grid',
            gap: 1.5,
            justifyItems: 'center',
            textAlign: 'center',
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: isOver ? 'primary.main' : 'divider',
            bgcolor: isOver ? 'action.hover' : 'transparent',
          }}
        >
          <UploadFileIcon color="primary" fontSize="large" aria-hidden="true" />
          <Typography>{t('financialViewer.import.dropHere')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('financialViewer.import.fileTypes')}
          </Typography>
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={() => {
              input.current?.click();
            }}
          >
            {t('financialViewer.import.chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={STATEMENT_EXTENSIONS.join(',')}
            aria-label={t('financialViewer.import.chooseFile')}
            data-testid="statement-input"
            onChange={(event) => {
              take(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Paper>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
        >
          <DescriptionIcon color="primary" aria-hidden="true" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatKilobytes(file.size)}
            </Typography>
          </Box>
          <IconButton
            aria-label={t('financialViewer.import.removeFile', { name: file.name })}
            onClick={onRemove}
            disabled={disabled}
          >
            <CloseIcon />
          </IconButton>
        </Paper>
      )}
      {isWrongType ? (
        <Alert
          severity="error"
          onClose={() => {
            setWrongType(false);
          }}
        >
          {t('financialViewer.import.onlyExcelCsv')}
        </Alert>
      ) : null}
    </Box>
  );
}
