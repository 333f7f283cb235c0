import { LOADER_FILE_EXTENSIONS, LOADER_UPLOAD_MAX_BYTES, type TInstance } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../../lib/format';
import { useInstanceUpload } from '../hooks/use-instance-upload';
import { getAxonErrorMessage } from '../utils/axon-error-text';

/** Why a chosen file is refused before any byte is sent, as an i18n key; null when it is fine. */
export function checkDataFile(file: File, options: { isZipAllowed: boolean }): string | null {
  const name = file.name.toLowerCase();
  const extensions = options.isZipAllowed ? LOADER_FILE_EXTENSIONS : ['.csv'];
  if (!extensions.some((extension) => name.endsWith(extension))) {
    return options.isZipAllowed ? 'axon.errors.fileType' : 'axon.errors.csvOnly';
  }
  if (file.size === 0) return 'axon.errors.emptyFile';
  if (file.size > LOADER_UPLOAD_MAX_BYTES) return 'axon.errors.tooLarge';
  return null;
}

type DataStepProps = {
  datasetId: string;
  /** A zip makes a family, so it goes only into a new dataset. */
  isZipAllowed: boolean;
  onUploaded: (instance: TInstance) => void;
};

/** Step 2 of add-data: the file, sent with its progress; cancel stops it and drops the version. */
export function DataStep({ datasetId, isZipAllowed, onUploaded }: DataStepProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useInstanceUpload({ datasetId, onUploaded });
  const { state } = upload;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    setFile(picked);
    setFileError(picked === null ? null : checkDataFile(picked, { isZipAllowed }));
  };

  const isUploading = state.step === 'uploading';
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography>
        {t(isZipAllowed ? 'axon.addData.data.intro' : 'axon.addData.data.introVersion')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', minWidth: 0 }}>
        <Button variant="outlined" component="label" disabled={isUploading}>
          {t('axon.addData.data.choose')}
          <input
            hidden
            type="file"
            accept={isZipAllowed ? '.csv,.zip' : '.csv'}
            aria-label={t('axon.addData.data.file')}
            onChange={onPick}
          />
        </Button>
        {file !== null && (
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{file.name}</Typography>
        )}
      </Box>
      {fileError !== null && <Alert severity="error">{t(fileError)}</Alert>}
      {state.step === 'failed' && (
        <Alert severity="error">{getAxonErrorMessage(t, state.error)}</Alert>
      )}
      {isUploading && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={state.share * 100}
            aria-label={t('axon.addData.data.progress')}
          />
          <Typography variant="body2">
            {t('axon.addData.data.sending', { share: formatPercent(state.share) })}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {isUploading ? (
          <Button onClick={upload.cancel}>{t('axon.addData.data.cancelUpload')}</Button>
        ) : (
          <Button
            variant="contained"
            disabled={file === null || fileError !== null}
            onClick={() => {
              if (file !== null) upload.start(file);
            }}
          >
            {t('axon.addData.data.upload')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
