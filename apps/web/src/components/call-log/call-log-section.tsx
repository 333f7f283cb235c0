import type { UsagePeriod } from '@app/contracts/neuron-access';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CallLogGrid } from './call-log-grid';
import { useCallLogs } from './get-call-logs';
import './i18n/register';

type CallLogSectionProps = {
  neuron: string;
  period: UsagePeriod;
  /** The page's own view of a failed load: its texts for the error codes and a retry. */
  ErrorView: ComponentType<{ error: unknown; onRetry: () => void }>;
  headingComponent?: 'h2' | 'h3';
};

/** The team's latest calls of a neuron in the period, paged in a grid, under a heading. */
export function CallLogSection({
  neuron,
  period,
  ErrorView,
  headingComponent = 'h2',
}: CallLogSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const logs = useCallLogs(neuron, period);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h6" component={headingComponent}>
        {t('callLog.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('callLog.hint')}
      </Typography>
      {logs.isError ? (
        <ErrorView error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <CallLogGrid logs={logs.data ?? []} isLoading={logs.isPending} />
      )}
    </Box>
  );
}
