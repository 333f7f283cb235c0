import LockIcon from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIsPayer } from '../hooks/use-is-payer';
import { neuronPath } from '../utils/neuron-pages';

/**
 * The team has no active subscription to the neuron: a clear way to the plans, or, for an
 * invited member who cannot buy, who can.
 */
export function NoSubscription({ neuron, name }: { neuron: string; name: string }) {
  const { t } = useTranslation();
  const isPayer = useIsPayer();
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('neuronAccess.noSubscription.title')}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}
    >
      <LockIcon color="primary" aria-hidden="true" />
      <Typography variant="h6" component="h2">
        {t('neuronAccess.noSubscription.title')}
      </Typography>
      <Typography>
        {isPayer
          ? t('neuronAccess.noSubscription.message', { name })
          : t('neuronAccess.noSubscription.askOwner', { name })}
      </Typography>
      {isPayer ? (
        <Button variant="contained" component={RouterLink} to={neuronPath(neuron, 'plans')}>
          {t('neuronAccess.noSubscription.goToPlans')}
        </Button>
      ) : null}
    </Paper>
  );
}
