import { hasRole } from '@app/contracts/roles';
import type { TTeamMember } from '@app/contracts/team';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/auth';
import { getErrorMessage } from '../../../lib/error-message';
import { NoticeArea, type Notice } from '../../../components/notice-area';
import { useTeam } from '../api/get-team';
import { useResendInvitation } from '../api/resend-invitation';
import { DeleteMemberDialog } from '../components/delete-member-dialog';
import { EditMemberDialog } from '../components/edit-member-dialog';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { MembersTable } from '../components/members-table';

const SKELETON_ROWS = 3;

function MembersSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid' }}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="60%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function TeamScreen({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const teamQuery = useTeam();
  const resend = useResendInvitation();
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TTeamMember | null>(null);
  const [deleting, setDeleting] = useState<TTeamMember | null>(null);
  const [resendNotice, setResendNotice] = useState<Notice | null>(null);

  const members = teamQuery.data?.members ?? [];
  const maxMembers = teamQuery.data?.maxMembers ?? 0;
  const isFull = teamQuery.isSuccess && members.length >= maxMembers;

  const onResend = (member: TTeamMember) => {
    setResendNotice(null);
    resend.mutate(member.id, {
      onSuccess: () => {
        setResendNotice({
          severity: 'success',
          text: t('team.resent', { email: member.email }),
        });
      },
      onError: (error) => {
        setResendNotice({
          severity: 'error',
          text: t('team.resendFailed', { message: getErrorMessage(t, error) }),
        });
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h1">
            {t('team.title')}
          </Typography>
          <Typography color="text.secondary">{t('team.message')}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          disabled={!teamQuery.isSuccess || isFull}
          onClick={() => {
            setIsInviteOpen(true);
          }}
        >
          {t('team.inviteMember')}
        </Button>
      </Box>
      {isFull ? (
        <Alert severity="info">{t('team.full', { max: maxMembers, count: maxMembers })}</Alert>
      ) : null}
      <NoticeArea
        notice={resendNotice}
        onClose={() => {
          setResendNotice(null);
        }}
      />
      {teamQuery.isPending ? <MembersSkeleton /> : null}
      {teamQuery.isError ? (
        <LoadError
          error={teamQuery.error}
          onRetry={() => {
            void teamQuery.refetch();
          }}
        />
      ) : null}
      {teamQuery.isSuccess ? (
        <MembersTable
          members={members}
          currentUserId={currentUserId}
          resendingId={resend.isPending ? resend.variables : null}
          onEdit={setEditing}
          onResend={onResend}
        />
      ) : null}
      <InviteMemberDialog
        isOpen={isInviteOpen}
        onClose={() => {
          setIsInviteOpen(false);
        }}
      />
      <EditMemberDialog
        member={editing}
        onClose={() => {
          setEditing(null);
        }}
        onDelete={setDeleting}
      />
      <DeleteMemberDialog
        member={deleting}
        onClose={() => {
          setDeleting(null);
        }}
        onDeleted={() => {
          setDeleting(null);
          setEditing(null);
        }}
      />
    </Box>
  );
}

/** The team tab: only the team owner may see and manage the members. */
export function TeamPage() {
  const userQuery = useCurrentUser();
  if (userQuery.isError) throw userQuery.error;
  if (userQuery.isPending) return <PageLoader />;
  if (!hasRole(userQuery.data.roles, 'OWNER')) return <Navigate to="/account/profile" replace />;
  return <TeamScreen currentUserId={userQuery.data.id} />;
}
