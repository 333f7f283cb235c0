import '../i18n/register';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { GettingStarted } from '../components/getting-started';
import { NeuronGrid } from '../components/neuron-grid';
import { NeuronOfferCard } from '../components/neuron-offer-card';
import { canManageSubscriptions } from '../utils/roles';

/** /cortex/welcome: leads a new team from choosing its first module to using it. */
export function WelcomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const canSubscribe = user !== undefined && canManageSubscriptions(user.roles);
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('cortex.welcome.title')}
        </Typography>
        <Typography color="text.secondary">{t('cortex.welcome.intro')}</Typography>
      </Box>
      {user !== undefined && !canSubscribe ? (
        <Alert severity="info">{t('cortex.welcome.memberCannotSubscribe')}</Alert>
      ) : null}
      <GettingStarted />
      <Box component="section" aria-labelledby="cortex-modules" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="cortex-modules" variant="h6" component="h2">
          {t('cortex.welcome.modules')}
        </Typography>
        <NeuronGrid
          columns={3}
          renderCard={(neuron) => (
            <NeuronOfferCard key={neuron.id} neuron={neuron} canSubscribe={canSubscribe} />
          )}
        />
      </Box>
      <Typography variant="body2">
        <Link component={RouterLink} to="/cortex/dashboard">
          {t('cortex.welcome.toDashboard')}
        </Link>
      </Typography>
    </Box>
  );
}
