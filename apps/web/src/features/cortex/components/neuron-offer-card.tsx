import type { TNeuron } from '@app/contracts/catalogue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentPlan } from '../api/get-current-plan';
import { getCortexErrorMessage } from '../utils/error-text';
import { openPath, plansPath } from '../utils/neuron-links';
import { getSubscriptionState, type SubscriptionState } from '../utils/subscription-state';

type NeuronOfferCardProps = {
  neuron: TNeuron;
  /** Owners and admins subscribe; other members are told to ask them. */
  canSubscribe: boolean;
};

function StateChip({ state, planName }: { state: SubscriptionState; planName?: string }) {
  const { t } = useTranslation();
  switch (state) {
    case 'active':
      return (
        <Chip
          color="success"
          size="small"
          label={planName ? t('cortex.subscribedTo', { plan: planName }) : t('cortex.subscribed')}
        />
      );
    case 'pending':
      return <Chip color="info" size="small" label={t('cortex.pending')} />;
    default:
      return <Chip size="small" label={t('cortex.notSubscribed')} />;
  }
}

/** The next step an owner or admin takes with a neuron: open it, or see its plans. */
function SubscriberActions({ neuron }: { neuron: TNeuron }) {
  const { t } = useTranslation();
  const planQuery = useCurrentPlan(neuron.id, { enabled: true });
  if (planQuery.isPending) {
    return (
      <Box aria-hidden="true" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Skeleton variant="rounded" width={110} height={24} />
        <Skeleton variant="rounded" width={96} height={36} />
      </Box>
    );
  }
  if (planQuery.isError) {
    return (
      <Alert
        severity="error"
        sx={{ width: '100%' }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void planQuery.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      >
        {getCortexErrorMessage(t, planQuery.error)}
      </Alert>
    );
  }
  const state = getSubscriptionState(planQuery.data);
  const planName = planQuery.data.currentPlan?.planName;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, width: '100%' }}>
      <Box>
        <StateChip state={state} {...(planName ? { planName } : {})} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {state === 'active' ? (
          <>
            <Button
              variant="contained"
              component={RouterLink}
              to={openPath(neuron.id)}
              aria-label={t('cortex.welcome.openNeuron', { name: neuron.name })}
            >
              {t('cortex.welcome.open')}
            </Button>
            <Link
              component={RouterLink}
              to={`/neurons/${encodeURIComponent(neuron.id)}/token`}
              aria-label={t('cortex.welcome.tokenOf', { name: neuron.name })}
              variant="body2"
            >
              {t('cortex.welcome.token')}
            </Link>
          </>
        ) : (
          <Button
            variant="contained"
            component={RouterLink}
            to={plansPath(neuron.id)}
            aria-label={t('cortex.welcome.plansOf', { name: neuron.name })}
          >
            {t('cortex.seePlans')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** A neuron as a new team meets it: what it does, whether the team has it, what to do next. */
export function NeuronOfferCard({ neuron, canSubscribe }: NeuronOfferCardProps) {
  const { t } = useTranslation();
  const titleId = `offer-${neuron.id}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <CardContent sx={{ display: 'grid', gap: 1, flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h3">
          {neuron.name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {neuron.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {canSubscribe ? (
          <SubscriberActions neuron={neuron} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('cortex.welcome.askOwner')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
