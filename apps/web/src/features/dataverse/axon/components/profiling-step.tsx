import type { TInstance } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../../lib/format';

type ProfilingStepProps = {
  instance: TInstance;
  isCancelling: boolean;
  onCancel: () => void;
};

/** Step 3 of add-data: the profiling job reads the file; its progress comes from the server. */
export function ProfilingStep({ instance, isCancelling, onCancel }: ProfilingStepProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        {t('axon.addData.profiling.reading', { fileName: instance.fileName })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={instance.progress}
        aria-label={t('axon.addData.profiling.progress')}
      />
      <Typography variant="body2">
        {t('axon.addData.profiling.done', { share: formatPercent(instance.progress / 100) })}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} loading={isCancelling}>
          {t('axon.addData.review.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
