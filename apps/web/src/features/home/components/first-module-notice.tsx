import { hasRole } from '@app/contracts/roles';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSubscriptions } from '../api/get-subscriptions';

/**
 * For a team without an active subscription: a way to the welcome page. Only owners and admins
 * may read the subscriptions (the server's 403 would sign anyone else out); a failed read shows
 * nothing, the home page is still whole.
 */
export function FirstModuleNotice({ roles }: { roles: readonly number[] }) {
  const { t } = useTranslation();
  const canManage = hasRole(roles, 'OWNER') || hasRole(roles, 'ADMIN');
  const { data } = useSubscriptions({ enabled: canManage });
  if (data === undefined || data.some((subscription) => subscription.status === 'ACTIVE')) {
    return null;
  }
  return (
    <Alert severity="info">
      {t('home.start.text')}{' '}
      <Link component={RouterLink} to="/cortex/welcome">
        {t('home.start.link')}
      </Link>
    </Alert>
  );
}
