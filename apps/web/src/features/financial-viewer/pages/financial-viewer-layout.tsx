import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { ViewerLoadError } from '../components/viewer-load-error';
import { useAccounts } from '../api/get-accounts';
import { useReloadWhenSynced } from '../hooks/use-reload-when-synced';
import { BlockedError } from '../components/blocked-error';
import { useViewerAccess } from '../hooks/use-viewer-access';
import '../i18n/register';
import { isUserBlocked } from '../utils/error-text';
import { VIEWER_API_PATH, VIEWER_TABS, viewerPath, type ViewerTab } from '../utils/paths';
import { ScrollableTabs } from '../../../components/scrollable-tabs';

/** The tabs that work without a subscription (the others are disabled, spec §2). */
const OPEN_TABS: readonly ViewerTab[] = ['connections', 'plans'];
const TAB_ORDER: readonly ViewerTab[] = [
  'connections',
  'accounts',
  'transactions',
  'categorization',
  'cashflow',
  'import',
  'plans',
];
/** Reachable by address without a subscription: connections and import (under the overlay). */
const UNGATED_TABS: readonly ViewerTab[] = ['connections', 'import', 'plans'];

function currentTab(pathname: string): ViewerTab | false {
  const segment = pathname.split('/')[3] ?? '';
  const found = TAB_ORDER.find((tab) => VIEWER_TABS[tab] === segment);
  return found ?? false;
}

/**
 * The Financial Viewer: its tabs and the page of the chosen one. Without an active subscription
 * only connections, import (both under a 'subscribe' overlay) and plans open; a blocked user sees
 * an error instead; accounts with no company bring the 'missing company' alert.
 */
export function FinancialViewerLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const access = useViewerAccess();
  const accounts = useAccounts({ enabled: access.isSubscribed && !access.isBlocked });
  useReloadWhenSynced({ enabled: access.isSubscribed && !access.isBlocked });
  const tab = currentTab(pathname);

  const title = (
    <Typography variant="h4" component="h1">
      {t('financialViewer.title')}
    </Typography>
  );

  if (access.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        {title}
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  // The user query says so, or the server did (423 USER_BLOCKED).
  if (access.isBlocked || isUserBlocked(accounts.error)) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {title}
        <BlockedError />
      </Box>
    );
  }
  if (access.error) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {title}
        <ViewerLoadError error={access.error} onRetry={access.retry} />
      </Box>
    );
  }
  if (!access.isSubscribed && tab !== false && !UNGATED_TABS.includes(tab)) {
    return <Navigate to={viewerPath('connections')} replace />;
  }

  const isMissingCompany =
    access.isSubscribed &&
    (accounts.data?.accounts.some((account) => !account.accountCompanyName) ?? false);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {title}
      {isMissingCompany ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={viewerPath('accounts')}>
              {t('financialViewer.missingCompany.action')}
            </Button>
          }
        >
          {t('financialViewer.missingCompany.message')}
        </Alert>
      ) : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
        <ScrollableTabs value={tab} aria-label={t('financialViewer.tabs.label')}>
          {TAB_ORDER.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`financialViewer.tabs.${name}`)}
              component={RouterLink}
              to={viewerPath(name)}
              disabled={!access.isSubscribed && !OPEN_TABS.includes(name)}
            />
          ))}
          {/* The neuron's API pages (overview, test, integration, usage…), open to everyone. */}
          <Tab
            value="api"
            label={t('financialViewer.tabs.api')}
            component={RouterLink}
            to={VIEWER_API_PATH}
          />
        </ScrollableTabs>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
