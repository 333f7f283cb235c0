import type { TRunLog } from '@app/contracts/nucleus';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../../lib/format-moment';
import { runLogText } from '../utils/run-log-text';

/** A run's log lines in the user's language, in a box of their own that scrolls. */
export function RunLogs({ logs }: { logs: TRunLog[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h3">
        {t('nucleus.run.logs')}
      </Typography>
      {logs.length === 0 ? (
        <Typography color="text.secondary">{t('nucleus.run.noLogs')}</Typography>
      ) : (
        <Box
          component="ol"
          role="log"
          aria-label={t('nucleus.run.logs')}
          sx={{
            m: 0,
            p: 0,
            maxHeight: 240,
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: 13,
            listStyle: 'none',
          }}
        >
          {logs.map((log, index) => (
            <Box
              component="li"
              key={`${log.at}-${String(index)}`}
              sx={{
                py: 0.25,
                color: log.level === 'error' ? 'error.main' : 'text.primary',
                overflowWrap: 'anywhere',
              }}
            >
              <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                {formatMoment(log.at)}
              </Box>
              {runLogText(t, log, i18n.language)}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
