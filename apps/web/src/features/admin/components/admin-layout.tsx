import '../i18n/register';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { LanguageSelector } from '../../../components/language-selector';
import { Logo } from '../../../components/logo';
import { PageLoader } from '../../../components/page-loader';
import { isPlatformAdmin, useCurrentUser } from '../../../lib/auth';
import { signOut } from '../../../lib/sign-out';
import { ScrollableTabs } from '../../../components/scrollable-tabs';

/** The administrator's sections; /adminRegister belongs to Users. */
const SECTIONS = [
  { path: '/admin', label: 'admin.nav.users', paths: ['/admin', '/adminRegister'] },
  {
    path: '/admin/promotion-codes',
    label: 'admin.nav.promotionCodes',
    paths: ['/admin/promotion-codes'],
  },
  { path: '/admin/domains', label: 'admin.nav.domains', paths: ['/admin/domains'] },
] as const;

function AdminNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) => section.paths.some((path) => path === pathname));
  return (
    <Box
      component="nav"
      aria-label={t('admin.nav.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <ScrollableTabs value={current?.path ?? false}>
        {SECTIONS.map((section) => (
          <Tab
            key={section.path}
            component={RouterLink}
            to={section.path}
            value={section.path}
            label={t(section.label)}
            aria-current={current?.path === section.path ? 'page' : undefined}
          />
        ))}
      </ScrollableTabs>
    </Box>
  );
}

/**
 * The frame of the administrator's pages: only a platform administrator (role 4) stays; anyone
 * else goes to the app. The server refuses them anyway.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userQuery = useCurrentUser();
  if (userQuery.isError) throw userQuery.error;
  if (userQuery.isPending) return <PageLoader />;
  if (!isPlatformAdmin(userQuery.data)) return <Navigate to="/" replace />;

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <Logo tone="light" />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSelector color="inherit" />
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={signOut}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('admin.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 2, sm: 3 } }}>
        <AdminNav />
        {children}
      </Box>
    </Box>
  );
}
