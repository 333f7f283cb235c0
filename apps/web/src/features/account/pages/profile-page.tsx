import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/auth';
import { isEmailChangedState } from '../../../lib/email-change';
import { PendingEmailNotice } from '../components/pending-email-notice';
import { ProfileForm } from '../components/profile-form';
import { ProfilePhoto } from '../components/profile-photo';

export function ProfilePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  // Coming from the link of an email change: the change is told once.
  const [notice, setNotice] = useState<Notice | null>(
    isEmailChangedState(location.state)
      ? { severity: 'success', text: t('account.profile.emailChanged') }
      : null,
  );
  if (user === undefined) return <PageLoader />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h1">
          {t('account.profile.title')}
        </Typography>
        <Typography color="text.secondary">{t('account.profile.subtitle')}</Typography>
      </Box>
      <NoticeArea
        notice={notice}
        onClose={() => {
          setNotice(null);
          // Forget the state, so a reload does not tell the change again.
          if (isEmailChangedState(location.state)) {
            void navigate(location.pathname, { replace: true, state: null });
          }
        }}
      />
      <ProfilePhoto user={user} />
      <Divider />
      {user.pendingEmail === null ? null : (
        <PendingEmailNotice
          pendingEmail={user.pendingEmail}
          onCancelled={() => {
            setNotice({
              severity: 'info',
              text: t('account.profile.emailChangeCancelled', { email: user.email }),
            });
          }}
        />
      )}
      <ProfileForm key={user.id} user={user} />
    </Box>
  );
}
