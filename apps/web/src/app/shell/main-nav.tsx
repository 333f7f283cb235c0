import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

type NavItem = {
  to: string;
  label: string;
  /** The path, or paths, that count as this section. */ match: string | readonly string[];
};

/** The sections a customer moves between: home, each module, and the account. */
function useNavItems(): NavItem[] {
  const { t } = useTranslation();
  return [
    { to: '/home', label: t('shell.nav.home'), match: '/home' },
    { to: '/cortex/dashboard', label: t('shell.nav.dashboard'), match: '/cortex' },
    {
      to: '/neurons/FinancialViewer',
      label: t('shell.nav.financialViewer'),
      match: '/neurons/FinancialViewer',
    },
    {
      to: '/neurons/LegalMind',
      label: t('shell.nav.legalMind'),
      match: ['/neurons/LegalMind', '/anonymizeDocs'],
    },
    {
      to: '/nucleus/synthesizers',
      label: t('shell.nav.nucleus'),
      match: ['/nucleus', '/neurons/Nucleus'],
    },
    {
      to: '/dataverse/data-catalog',
      label: t('shell.nav.dataverse'),
      match: '/dataverse',
    },
    { to: '/account', label: t('shell.nav.account'), match: '/account' },
  ];
}

function isCurrent(pathname: string, item: NavItem): boolean {
  const paths = typeof item.match === 'string' ? [item.match] : item.match;
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The top bar's navigation in a row, on wide screens (phones have `MainNavMenu`). */
export function MainNavLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useNavItems();
  return (
    <Box
      component="nav"
      aria-label={t('shell.nav.label')}
      sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}
    >
      {items.map((item) => {
        const current = isCurrent(pathname, item);
        return (
          <Button
            key={item.to}
            color="inherit"
            component={RouterLink}
            to={item.to}
            aria-current={current ? 'page' : undefined}
            sx={{
              textTransform: 'none',
              borderBottom: 2,
              borderColor: current ? 'currentColor' : 'transparent',
              borderRadius: 0,
            }}
          >
            {item.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** On phones: a menu button opening the navigation in a drawer. */
export function MainNavMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useNavItems();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t('shell.nav.open')}
        aria-expanded={isOpen ? 'true' : 'false'}
        onClick={() => {
          setOpen(true);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        anchor="left"
        open={isOpen}
        onClose={() => {
          setOpen(false);
        }}
      >
        <Box component="nav" aria-label={t('shell.nav.label')} sx={{ width: 260 }}>
          <List>
            {items.map((item) => {
              const current = isCurrent(pathname, item);
              return (
                <ListItemButton
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => {
                    setOpen(false);
                  }}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              );
            })}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
