import type { TCurrentUser } from '@app/contracts/users';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSelector } from '../../components/language-selector';
import { Logo } from '../../components/logo';
import { MainNavLinks, MainNavMenu } from './main-nav';
import { UserMenu } from './user-menu';

export function TopBar({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <MainNavMenu />
        {/* On phones the mark alone, so the bar fits in 360 px beside the menu button. */}
        <Link
          component={RouterLink}
          to="/home"
          underline="none"
          aria-label={t('shell.home')}
          sx={{ '& .MuiTypography-root': { display: { xs: 'none', sm: 'inline' } } }}
        >
          <Logo tone="light" />
        </Link>
        <MainNavLinks />
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('shell.contactSupport')}>
          <IconButton
            color="inherit"
            component={RouterLink}
            to="/account/support"
            aria-label={t('shell.contactSupport')}
          >
            <SupportAgentIcon />
          </IconButton>
        </Tooltip>
        <LanguageSelector color="inherit" />
        <Tooltip title={t('shell.notifications')}>
          {/* A disabled button fires no events; the span lets the tooltip explain it. */}
          <span>
            <IconButton color="inherit" disabled aria-label={t('shell.notifications')}>
              <NotificationsIcon />
            </IconButton>
          </span>
        </Tooltip>
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
