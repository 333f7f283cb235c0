import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useAccess } from '../api/get-access';
import { NucleusLoadError } from '../components/nucleus-error';
import { NucleusOverlay } from '../components/nucleus-overlay';
import '../i18n/register';
import { NUCLEUS_PAGES, nucleusPath, type NucleusPage } from '../utils/paths';
import { ScrollableTabs } from '../../../components/scrollable-tabs';

function currentPage(pathname: string): NucleusPage | false {
  const segment = pathname.split('/')[2] ?? '';
  return NUCLEUS_PAGES.find((page) => page === segment) ?? false;
}

/** Open without a subscription: the plans, to take one. */
const UNGATED_PAGES: readonly NucleusPage[] = ['plans'];

/**
 * Nucleus (Sinteza): its tabs and the chosen page. Without a Nucleus subscription (the free
 * plan counts) every page but the plans shows the overlay that leads to them.
 */
export function NucleusLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const access = useAccess();
  const page = currentPage(pathname);
  // A plan taken on the plans tab (the layout stays): read the access again on the next tab.
  const isSubscribed = access.data?.isSubscribed;
  const refetchAccess = access.refetch;
  useEffect(() => {
    if (isSubscribed === false) void refetchAccess();
  }, [page, isSubscribed, refetchAccess]);

  const title = (
    <Typography variant="h4" component="h1">
      {t('nucleus.title')}
    </Typography>
  );
  const tabs = (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <ScrollableTabs value={page} aria-label={t('nucleus.tabs.label')}>
        {NUCLEUS_PAGES.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`nucleus.tabs.${name}`)}
            component={RouterLink}
            to={nucleusPath(name)}
          />
        ))}
      </ScrollableTabs>
    </Box>
  );

  const isGated = page === false || !UNGATED_PAGES.includes(page);
  let content = <Outlet />;
  if (isGated && access.isError) {
    content = <NucleusLoadError error={access.error} onRetry={() => void access.refetch()} />;
  } else if (isGated && access.data === undefined) {
    content = (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  } else if (isGated && access.data?.isSubscribed !== true) {
    content = <NucleusOverlay />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {title}
      {tabs}
      <Box sx={{ minWidth: 0 }}>{content}</Box>
    </Box>
  );
}
