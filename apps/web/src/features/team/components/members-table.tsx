import { ROLES } from '@app/contracts/roles';
import { TEAM_SEARCH_DEBOUNCE_MS, type TTeamMember } from '@app/contracts/team';
import EditIcon from '@mui/icons-material/Edit';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { getRoleName } from './role-name';

const ALL_ROLES = 'all';
const FILTER_ROLES = [ROLES.OWNER, ROLES.ADMIN, ROLES.GUEST] as const;

type RoleFilter = typeof ALL_ROLES | number;

function getFullName(member: TTeamMember): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** Case-insensitive substring search on the names and the email, and the shown role. */
function filterMembers(members: TTeamMember[], search: string, role: RoleFilter) {
  const needle = search.trim().toLowerCase();
  return members.filter((member) => {
    if (role !== ALL_ROLES && member.roles[0] !== role) return false;
    if (needle === '') return true;
    const haystack = `${member.firstName} ${member.lastName} ${member.email}`.toLowerCase();
    return haystack.includes(needle);
  });
}

type MembersTableProps = {
  members: TTeamMember[];
  /** The signed-in user's row has no edit icon. */
  currentUserId: string;
  /** The member whose invitation is being resent, if any. */
  resendingId: string | null;
  onEdit: (member: TTeamMember) => void;
  onResend: (member: TTeamMember) => void;
};

export function MembersTable({
  members,
  currentUserId,
  resendingId,
  onEdit,
  onResend,
}: MembersTableProps) {
  const { t } = useTranslation();
  const roleLabelId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>(ALL_ROLES);
  const debouncedSearch = useDebouncedValue(search, TEAM_SEARCH_DEBOUNCE_MS);
  const hasSeveral = members.length > 1;
  const shown = hasSeveral ? filterMembers(members, debouncedSearch, role) : members;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {hasSeveral ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            size="small"
            type="search"
            label={t('team.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
            }}
            sx={{ flex: '1 1 240px', maxWidth: 360 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={roleLabelId}>{t('team.roleFilter')}</InputLabel>
            <Select
              labelId={roleLabelId}
              label={t('team.roleFilter')}
              value={role}
              onChange={(event) => {
                const { value } = event.target;
                setRole(value);
              }}
            >
              <MenuItem value={ALL_ROLES}>{t('team.allRoles')}</MenuItem>
              {FILTER_ROLES.map((filterRole) => (
                <MenuItem key={filterRole} value={filterRole}>
                  {getRoleName(t, filterRole)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={t('team.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('team.columns.member')}</TableCell>
              <TableCell>{t('team.columns.status')}</TableCell>
              <TableCell>{t('team.columns.role')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('team.columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  <Typography color="text.secondary" sx={{ py: 2 }}>
                    {t('team.noResults')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              shown.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isCurrentUser={member.id === currentUserId}
                  isResending={resendingId === member.id}
                  onEdit={onEdit}
                  onResend={onResend}
                />
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

type MemberRowProps = {
  member: TTeamMember;
  isCurrentUser: boolean;
  isResending: boolean;
  onEdit: (member: TTeamMember) => void;
  onResend: (member: TTeamMember) => void;
};

function MemberRow({ member, isCurrentUser, isResending, onEdit, onResend }: MemberRowProps) {
  const { t } = useTranslation();
  const fullName = getFullName(member);
  return (
    <TableRow>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={member.photoUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
            <PersonIcon />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            {fullName === '' ? null : <Typography variant="body2">{fullName}</Typography>}
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {member.email}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell>
        {member.enabled ? null : (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip size="small" color="warning" label={t('team.pending')} />
            <Button
              size="small"
              loading={isResending}
              onClick={() => {
                onResend(member);
              }}
              aria-label={t('team.resendTo', { email: member.email })}
            >
              {t('team.resend')}
            </Button>
          </Box>
        )}
      </TableCell>
      <TableCell>{getRoleName(t, member.roles[0])}</TableCell>
      <TableCell align="right">
        {isCurrentUser ? null : (
          <Tooltip title={t('team.editMember', { email: member.email })}>
            <IconButton
              aria-label={t('team.editMember', { email: member.email })}
              onClick={() => {
                onEdit(member);
              }}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
