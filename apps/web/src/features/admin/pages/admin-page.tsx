import { ADMIN_USERS_PAGE_SIZE, type TAdminUser } from '@app/contracts/admin';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { getErrorMessage } from '../../../lib/error-message';
import { useEnableUser } from '../api/enable-user';
import { useAdminUsers } from '../api/get-admin-users';
import { AdminLayout } from '../components/admin-layout';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { UserProductsDialog } from '../components/user-products-dialog';
import { UsersTable } from '../components/users-table';

/** What /adminRegister hands over when it comes back: the user just created. */
export type AdminPageState = { createdUser: TAdminUser };

function isAdminPageState(state: unknown): state is AdminPageState {
  return (
    typeof state === 'object' &&
    state !== null &&
    'createdUser' in state &&
    typeof state.createdUser === 'object' &&
    state.createdUser !== null
  );
}

function UsersSection() {
  const { t } = useTranslation();
  const location = useLocation();
  const [page, setPage] = useState(0);
  const usersQuery = useAdminUsers({ page, size: ADMIN_USERS_PAGE_SIZE });
  const enable = useEnableUser();
  const [productsUser, setProductsUser] = useState<TAdminUser | null>(null);
  const createdUser = isAdminPageState(location.state) ? location.state.createdUser : null;
  const [notice, setNotice] = useState<Notice | null>(
    createdUser === null
      ? null
      : { severity: 'success', text: t('admin.users.created', { email: createdUser.email }) },
  );

  const onActivate = (user: TAdminUser) => {
    setNotice(null);
    enable.mutate(user.id, {
      onSuccess: (enabled) => {
        setNotice({
          severity: 'success',
          text: t('admin.users.activated', { email: enabled.email }),
        });
      },
      onError: (error) => {
        setNotice({ severity: 'error', text: getErrorMessage(t, error) });
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
      {usersQuery.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Box>
      ) : null}
      {usersQuery.isError ? (
        <LoadError
          error={usersQuery.error}
          onRetry={() => {
            void usersQuery.refetch();
          }}
        />
      ) : null}
      {usersQuery.isSuccess && usersQuery.data.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('admin.users.empty')}
        </Typography>
      ) : null}
      {usersQuery.isSuccess && usersQuery.data.total > 0 ? (
        <Box sx={{ opacity: usersQuery.isPlaceholderData ? 0.6 : 1 }}>
          <UsersTable
            users={usersQuery.data.items}
            activatingId={enable.isPending ? enable.variables : null}
            onActivate={onActivate}
            onUpdateProducts={setProductsUser}
          />
          <TablePagination
            component="div"
            count={usersQuery.data.total}
            page={page}
            rowsPerPage={ADMIN_USERS_PAGE_SIZE}
            rowsPerPageOptions={[ADMIN_USERS_PAGE_SIZE]}
            onPageChange={(_, next) => {
              setPage(next);
            }}
          />
        </Box>
      ) : null}
      <UserProductsDialog
        user={productsUser}
        onClose={() => {
          setProductsUser(null);
        }}
      />
    </Box>
  );
}

/**
 * /admin: the platform's users, paged on the server, with activation, user creation and each
 * user's products (subscriptions, custom prices, PENDING subscriptions).
 */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {t('admin.title')}
          </Typography>
          <Button
            component={RouterLink}
            to="/adminRegister"
            variant="contained"
            startIcon={<PersonAddIcon />}
          >
            {t('admin.users.create')}
          </Button>
        </Box>
        <UsersSection />
      </Paper>
    </AdminLayout>
  );
}
