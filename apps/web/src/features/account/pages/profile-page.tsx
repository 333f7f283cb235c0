import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/auth';
import { ProfileForm } from '../components/profile-form';
import { ProfilePhoto } from '../components/profile-photo';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (user === undefined) return <PageLoader />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h1">
          {t('account.profile.title')}
        </Typography>
        <Typography color="text.secondary">{t('account.profile.subtitle')}</Typography>
      </Box>
      <ProfilePhoto user={user} />
      <Divider />
      <ProfileForm key={user.id} user={user} />
    </Box>
  );
}
