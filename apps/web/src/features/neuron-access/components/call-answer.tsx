import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NeuronAnswer } from '../api/call-neuron-api';
import { describeAnswer } from '../utils/error-text';
import { formatMs } from '../../../lib/format';

/** The body for reading: JSON indented, anything else as it came. */
export function prettyBody(answer: Pick<NeuronAnswer, 'body' | 'contentType'>): string {
  try {
    return JSON.stringify(JSON.parse(answer.body), null, 2);
  } catch {
    return answer.body;
  }
}

function statusColor(status: number): 'success' | 'warning' | 'error' {
  if (status < 300) return 'success';
  return status < 500 && status !== 401 && status !== 429 ? 'warning' : 'error';
}

/** A neuron API's answer: status, time, what an error means, and the body. */
export function CallAnswer({ answer }: { answer: NeuronAnswer }) {
  const { t } = useTranslation();
  const titleId = useId();
  const meaning = describeAnswer(t, answer.status, answer.body);
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2">
        {t('neuronAccess.test.answer')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          color={statusColor(answer.status)}
          label={t('neuronAccess.test.status', {
            status: `${String(answer.status)} ${answer.statusText}`.trim(),
          })}
        />
        <Chip
          variant="outlined"
          label={t('neuronAccess.test.time', { time: formatMs(answer.durationMs) })}
        />
        {answer.contentType === '' ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {answer.contentType}
          </Typography>
        )}
      </Box>
      {meaning === null ? null : <Alert severity="error">{meaning}</Alert>}
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('neuronAccess.test.answerBody')}
        data-testid="answer-body"
        sx={{
          m: 0,
          p: 2,
          minWidth: 0,
          maxHeight: 480,
          overflow: 'auto',
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {answer.body === '' ? t('neuronAccess.test.emptyBody') : prettyBody(answer)}
      </Box>
    </Box>
  );
}
