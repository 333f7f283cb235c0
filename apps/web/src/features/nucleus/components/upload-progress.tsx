import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type UploadProgressProps = {
  fileName: string;
  /** 0 to 1 while the bytes go; null once they are read on the server. */
  share: number | null;
  isCancelling: boolean;
  onCancel: () => void;
};

/** The file on its way: a bar of the bytes sent, then 'reading the file', with Cancel. */
export function UploadProgress({ fileName, share, isCancelling, onCancel }: UploadProgressProps) {
  const { t } = useTranslation();
  const percent = share === null ? null : Math.round(share * 100);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {percent === null
          ? t('nucleus.upload.reading', { name: fileName })
          : t('nucleus.upload.sending', { name: fileName })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          sx={{ flexGrow: 1 }}
          aria-label={t('nucleus.upload.progress')}
          {...(percent === null
            ? { variant: 'indeterminate' as const }
            : { variant: 'determinate' as const, value: percent })}
        />
        {percent === null ? null : (
          <Typography variant="caption">{`${String(percent)} %`}</Typography>
        )}
      </Box>
      <Box>
        <Button onClick={onCancel} loading={isCancelling} variant="outlined">
          {t('nucleus.upload.cancel')}
        </Button>
      </Box>
    </Paper>
  );
}
