import Box from '@mui/material/Box';
import { Navigate, Outlet } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { isPlatformAdmin, useCurrentUser } from '../../lib/auth';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The signed-in app: top bar, the page, footer. A platform administrator goes to /admin. */
export function AppShell() {
  const userQuery = useCurrentUser();

  if (userQuery.isPending) return <PageLoader />;
  if (userQuery.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <LoadError
          error={userQuery.error}
          onRetry={() => {
            void userQuery.refetch();
          }}
        />
      </Box>
    );
  }

  const user = userQuery.data;
  if (isPlatformAdmin(user)) return <Navigate to="/admin" replace />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar user={user} />
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 1200, mx: 'auto', p: 3 }}>
        <Outlet />
      </Box>
      <Footer user={user} />
    </Box>
  );
}
