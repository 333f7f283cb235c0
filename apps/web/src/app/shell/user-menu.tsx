import type { TCurrentUser } from '@app/contracts/users';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { signOut } from '../../lib/sign-out';

function getInitials(user: TCurrentUser): string {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return initials === '' ? user.email.charAt(0).toUpperCase() : initials;
}

export function UserMenu({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const onClose = () => {
    setAnchor(null);
  };

  return (
    <>
      <Tooltip title={t('shell.userMenu')}>
        <IconButton
          aria-label={t('shell.userMenu')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
          }}
          sx={{ p: 0.5 }}
        >
          <Avatar
            src={user.photoUrl ?? undefined}
            alt=""
            sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 14 }}
          >
            {getInitials(user)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to="/account/profile" onClick={onClose}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.myAccount')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
