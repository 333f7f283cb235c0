import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LanguageSelector } from '../../../components/language-selector';
import { Logo } from '../../../components/logo';
import { PageLoader } from '../../../components/page-loader';
import { isPlatformAdmin, useCurrentUser } from '../../../lib/auth';
import { signOut } from '../../../lib/sign-out';

/** The platform administrator's area; its tools arrive with the admin issues. */
export function AdminPage() {
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
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut}>
            {t('admin.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', p: 3 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('admin.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('admin.signedInAs', { email: userQuery.data.email })}
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
