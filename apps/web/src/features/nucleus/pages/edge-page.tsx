import { hasRole } from '@app/contracts/roles';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/auth';
import { useEdgePackages } from '../api/get-edge-packages';
import { EdgePackageCard } from '../components/edge-package-card';
import { EdgeToken } from '../components/edge-token';
import { NucleusLoadError } from '../components/nucleus-error';
import '../i18n/register';

/**
 * /nucleus/edge: the engine's command line for the team's own machines (the data never leaves
 * them): one card per system with its checksum, download and commands, and the edge token.
 */
export function EdgePage() {
  const { t } = useTranslation();
  const userQuery = useCurrentUser();
  const packages = useEdgePackages();
  const user = userQuery.data;
  if (user === undefined) {
    if (userQuery.isError) throw userQuery.error;
    return <PageLoader />;
  }
  const heading = (
    <Box>
      <Typography variant="h5" component="h2">
        {t('nucleus.edge.title')}
      </Typography>
      <Typography color="text.secondary">{t('nucleus.edge.subtitle')}</Typography>
    </Box>
  );
  let list;
  if (packages.isError) {
    list = <NucleusLoadError error={packages.error} onRetry={() => void packages.refetch()} />;
  } else if (packages.data === undefined) {
    list = (
      <Box
        aria-busy="true"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={320} />
        ))}
      </Box>
    );
  } else if (packages.data.length === 0) {
    list = <Typography color="text.secondary">{t('nucleus.edge.empty')}</Typography>;
  } else {
    list = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          minWidth: 0,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {packages.data.map((edgePackage) => (
          <EdgePackageCard key={edgePackage.opsys} edgePackage={edgePackage} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {heading}
      <Typography variant="body2" color="text.secondary">
        {t('nucleus.edge.requirements')}
      </Typography>
      {list}
      <EdgeToken canRefresh={hasRole(user.roles, 'OWNER') || hasRole(user.roles, 'ADMIN')} />
    </Box>
  );
}
