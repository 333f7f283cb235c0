import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { SubscriptionOverlay } from '../../../components/subscription-overlay';
import { nucleusPath } from '../utils/paths';

/**
 * What a team without a Nucleus subscription sees instead of a page: a blurred outline of one
 * under 'You need a Nucleus plan…' with Go to plans (the Financial Viewer's gate).
 */
export function NucleusOverlay() {
  const { t } = useTranslation();
  return (
    <SubscriptionOverlay
      title={t('nucleus.subscribe.title')}
      message={t('nucleus.subscribe.message')}
      actionLabel={t('nucleus.subscribe.goToPlans')}
      plansPath={nucleusPath('plans')}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={56} animation={false} />
        <Skeleton variant="rounded" height={240} animation={false} />
        <Skeleton variant="rounded" height={56} animation={false} />
      </Box>
    </SubscriptionOverlay>
  );
}
