import '../i18n/register';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { NeuronGrid } from '../components/neuron-grid';
import { NeuronUsageCard } from '../components/neuron-usage-card';
import { canManageSubscriptions } from '../utils/roles';

/** /cortex/dashboard: the team's use of every neuron on one page. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const canSeePlan = user !== undefined && canManageSubscriptions(user.roles);
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('cortex.dashboard.title')}
        </Typography>
        <Typography color="text.secondary">{t('cortex.dashboard.intro')}</Typography>
      </Box>
      {user !== undefined && !canSeePlan ? (
        <Alert severity="info">{t('cortex.dashboard.memberPlans')}</Alert>
      ) : null}
      {/* Each card loads its own neuron: all at once, and one failure stays in its card. */}
      <NeuronGrid
        columns={2}
        hasChart
        renderCard={(neuron) => (
          <NeuronUsageCard key={neuron.id} neuron={neuron} canSeePlan={canSeePlan} />
        )}
      />
      <Typography variant="body2">
        <Link component={RouterLink} to="/cortex/welcome">
          {t('cortex.dashboard.toWelcome')}
        </Link>
      </Typography>
    </Box>
  );
}
