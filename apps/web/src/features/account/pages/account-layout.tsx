import { hasRole } from '@app/contracts/roles';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';

type AccountTab = { path: string; label: string; isDisabled?: boolean };

/**
 * The account area: vertical tabs (profile, team, security, payment, billing, subscription,
 * support) and breadcrumbs. The team tab is enabled only for the team owner; payment, billing and
 * subscription are disabled for invited members (GUEST). The pages send the others to the profile.
 */
export function AccountLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const isOwner = user !== undefined && hasRole(user.roles, 'OWNER');
  // Invited members (GUEST) have no payment, billing or subscription tabs (spec section 2).
  const isGuest = user === undefined || hasRole(user.roles, 'GUEST');
  const tabs: AccountTab[] = [
    { path: '/account/profile', label: t('account.tabs.profile') },
    { path: '/account/team', label: t('account.tabs.team'), isDisabled: !isOwner },
    { path: '/account/security', label: t('account.tabs.security') },
    { path: '/account/payment', label: t('account.tabs.payment'), isDisabled: isGuest },
    { path: '/account/billing', label: t('account.tabs.billing'), isDisabled: isGuest },
    { path: '/account/subscription', label: t('account.tabs.subscription'), isDisabled: isGuest },
    { path: '/account/support', label: t('account.tabs.support') },
  ];
  const current = tabs.find((tab) => pathname.startsWith(tab.path));

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Breadcrumbs separator="›" aria-label={t('account.breadcrumbs')}>
        <Link component={RouterLink} to="/account" underline="hover" color="inherit">
          {t('account.title')}
        </Link>
        {current ? (
          <Typography color="text.primary" aria-current="page">
            {current.label}
          </Typography>
        ) : null}
      </Breadcrumbs>
      <Paper
        variant="outlined"
        sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: 420 }}
      >
        <Tabs
          orientation={isWide ? 'vertical' : 'horizontal'}
          variant={isWide ? 'standard' : 'scrollable'}
          value={current?.path ?? false}
          aria-label={t('account.title')}
          sx={{
            borderRight: { md: 1 },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
            minWidth: { md: 200 },
          }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.path}
              label={tab.label}
              value={tab.path}
              component={RouterLink}
              to={tab.path}
              disabled={tab.isDisabled === true}
              sx={{ alignItems: { md: 'flex-start' } }}
            />
          ))}
        </Tabs>
        <Box sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Paper>
    </Box>
  );
}
