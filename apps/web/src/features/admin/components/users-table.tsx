import type { TAdminUser } from '@app/contracts/admin';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';

/** On a phone the id gives its room to the name and email; the table scrolls inside its frame. */
const ID_COLUMN = { display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' } as const;

type UsersTableProps = {
  users: TAdminUser[];
  /** The user being activated, if any. */
  activatingId: string | null;
  onActivate: (user: TAdminUser) => void;
  /** Opens the user's products: subscriptions, custom prices and new subscriptions. */
  onUpdateProducts: (user: TAdminUser) => void;
};

/** The platform's users with their products' Update button; one not enabled can be activated. */
export function UsersTable({ users, activatingId, onActivate, onUpdateProducts }: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.users.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell sx={ID_COLUMN}>{t('admin.users.columns.id')}</TableCell>
            <TableCell>{t('admin.users.columns.firstName')}</TableCell>
            <TableCell>{t('admin.users.columns.lastName')}</TableCell>
            <TableCell>{t('admin.users.columns.email')}</TableCell>
            <TableCell>{t('admin.users.columns.enabled')}</TableCell>
            <TableCell>{t('admin.users.columns.products')}</TableCell>
            <TableCell>{t('admin.users.columns.options')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell sx={{ ...ID_COLUMN, fontFamily: 'monospace', fontSize: 12 }}>
                {user.id}
              </TableCell>
              <TableCell>{user.firstName}</TableCell>
              <TableCell>{user.lastName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.email}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={user.enabled ? 'success' : 'default'}
                  label={user.enabled ? t('admin.users.yes') : t('admin.users.no')}
                />
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  aria-label={t('admin.users.updateUser', { email: user.email })}
                  onClick={() => {
                    onUpdateProducts(user);
                  }}
                >
                  {t('admin.users.update')}
                </Button>
              </TableCell>
              <TableCell>
                {user.enabled ? null : (
                  <Button
                    size="small"
                    variant="outlined"
                    loading={activatingId === user.id}
                    disabled={activatingId !== null && activatingId !== user.id}
                    aria-label={t('admin.users.activateUser', { email: user.email })}
                    onClick={() => {
                      onActivate(user);
                    }}
                  >
                    {t('admin.users.activate')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
