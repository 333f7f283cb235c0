import {
  ASSIGNABLE_ROLES,
  INVITATION_TOKEN_TTL_HOURS,
  MAX_TEAM_MEMBERS,
  VALIDATION,
  type TAcceptInvitationRequest,
  type TInviteMemberRequest,
  type TSessionResponse,
  type TTeamMember,
  type TTeamResponse,
  type TUpdateMemberRequest,
} from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { invitationMail } from '../../platform/mail/templates.js';
import { hashPassword, unusablePasswordHash } from '../../platform/passwords.js';
// Team members are users: the users service owns inserts (a taken email), updates and links.
import {
  createUser,
  getUserByEmail,
  getUserById,
  issueLinkToken,
  redeemLinkToken,
  setUserFields,
  startSession,
  toLanguage,
} from '../users/service.js';
import {
  countMembers,
  deleteMemberRow,
  findMember,
  findMembers,
  insertTeam,
  lockTeam,
  type ListedMemberRow,
  type MemberRow,
} from './repository.js';

/** Every registered user owns a team of their own, named after the company or the person. */
export function createTeamForOwner(
  executor: Executor,
  options: { companyName?: string | undefined; firstName: string; lastName: string },
): Promise<{ id: string }> {
  const name = options.companyName?.trim() || `${options.firstName} ${options.lastName}`;
  return insertTeam(executor, { name });
}

/** The caller of every team-management function: an owner, checked by the route. */
export type TeamOwner = { userId: string; teamId: string };

function toTeamMember(deps: Pick<Deps, 'storage'>, member: ListedMemberRow): TTeamMember {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    photoUrl: member.photoKey ? deps.storage.signedUrl(member.photoKey) : null,
    enabled: member.enabled,
    roles: member.roles,
  };
}

function assignableRoles(roles: readonly number[]): number[] {
  const unique = [...new Set(roles)];
  if (!unique.every((role) => (ASSIGNABLE_ROLES as readonly number[]).includes(role))) {
    throw new AppError('FORBIDDEN', { message: 'Only the Admin and Guest roles can be given.' });
  }
  return unique;
}

/**
 * Another member of the owner's team. Only the owner manages a team, so refusing themselves
 * also keeps the owner from being changed or removed.
 */
async function requireManageableMember(
  executor: Executor,
  owner: TeamOwner,
  memberId: string,
): Promise<MemberRow> {
  const member = await findMember(executor, owner.teamId, memberId);
  // A member of another team is as unknown as one that never existed.
  if (!member) throw new AppError('NOT_FOUND');
  if (member.id === owner.userId) {
    throw new AppError('FORBIDDEN', { message: 'You cannot edit or delete yourself.' });
  }
  return member;
}

export async function listTeamMembers(
  deps: Deps,
  options: { teamId: string },
): Promise<TTeamResponse> {
  const members = await findMembers(deps.db, options.teamId);
  return {
    members: members.map((member) => toTeamMember(deps, member)),
    maxMembers: MAX_TEAM_MEMBERS,
  };
}

async function refuseKnownEmail(executor: Executor, email: string): Promise<void> {
  const existing = await getUserByEmail(executor, email);
  if (!existing) return;
  throw existing.enabled
    ? new AppError('EMAIL_TAKEN', {
        message: 'This email is already active in the platform.',
        fields: { email: VALIDATION.emailActive },
      })
    : new AppError('EMAIL_TAKEN', {
        message: 'This email is already waiting for a confirmation.',
        fields: { email: VALIDATION.emailPending },
      });
}

/** Mails the invitee a link to /invitation_confirm/{token}, in the inviter's language. */
async function sendInvitation(
  deps: Deps,
  executor: Executor,
  options: { owner: TeamOwner; member: MemberRow; teamName: string },
): Promise<void> {
  const inviter = await getUserById(executor, options.owner.userId);
  if (!inviter) throw new AppError('UNAUTHORIZED');
  const token = await issueLinkToken(deps, executor, {
    userId: options.member.id,
    purpose: 'accept_invitation',
    ttlHours: INVITATION_TOKEN_TTL_HOURS,
  });
  const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
  await deps.mailer.send(
    invitationMail(
      {
        to: options.member.email,
        inviter: inviterName,
        team: options.teamName,
        language: toLanguage(inviter.language),
      },
      `${deps.config.publicUrl}/invitation_confirm/${token}`,
    ),
    { tx: executor },
  );
}

/** Adds a pending member (shown at once) and mails the invitation, all or nothing. */
export async function inviteMember(
  deps: Deps,
  options: { owner: TeamOwner; request: TInviteMemberRequest },
): Promise<TTeamMember> {
  const roles = assignableRoles(options.request.roles);
  const passwordHash = await unusablePasswordHash();
  const member = await deps.db.transaction(async (tx) => {
    const team = await lockTeam(tx, options.owner.teamId);
    if (!team) throw new AppError('NOT_FOUND');
    if ((await countMembers(tx, team.id)) >= MAX_TEAM_MEMBERS) {
      throw new AppError('TEAM_FULL', {
        message: `A team can have at most ${String(MAX_TEAM_MEMBERS)} members.`,
      });
    }
    await refuseKnownEmail(tx, options.request.email);
    const created = await createUser(tx, {
      teamId: team.id,
      email: options.request.email,
      passwordHash,
      roles,
      enabled: false,
      confirmationSends: 0,
    });
    await sendInvitation(deps, tx, { owner: options.owner, member: created, teamName: team.name });
    return created;
  });
  return toTeamMember(deps, member);
}

/**
 * Changes a member's names and role. The address of a pending invitation can be corrected,
 * which sends the invitation again to the new address; an active member's address is theirs.
 */
export async function updateMember(
  deps: Deps,
  options: { owner: TeamOwner; memberId: string; request: TUpdateMemberRequest },
): Promise<TTeamMember> {
  const { request } = options;
  const roles = assignableRoles(request.roles);
  const member = await deps.db.transaction(async (tx) => {
    const current = await requireManageableMember(tx, options.owner, options.memberId);
    const isNewEmail = request.email !== current.email;
    if (isNewEmail && current.enabled) {
      throw new AppError('BUSINESS_RULE', {
        reason: 'MEMBER_EMAIL_LOCKED',
        message: 'Only the member can change the email of an active account.',
        fields: { email: VALIDATION.invalid },
      });
    }
    if (isNewEmail) await refuseKnownEmail(tx, request.email);
    await setUserFields(tx, current.id, {
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      roles,
    });
    const updated = { ...current, ...request, roles };
    if (isNewEmail) {
      const team = await lockTeam(tx, options.owner.teamId);
      await sendInvitation(deps, tx, {
        owner: options.owner,
        member: updated,
        teamName: team?.name ?? '',
      });
    }
    return updated;
  });
  return toTeamMember(deps, member);
}

export async function deleteMember(
  deps: Deps,
  options: { owner: TeamOwner; memberId: string },
): Promise<void> {
  const member = await requireManageableMember(deps.db, options.owner, options.memberId);
  await deleteMemberRow(deps.db, options.owner.teamId, member.id);
  if (member.photoKey) await deps.storage.delete(member.photoKey);
}

/** A fresh invitation link for a pending member; the previous link stops working. */
export async function resendInvitation(
  deps: Deps,
  options: { owner: TeamOwner; memberId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const member = await requireManageableMember(tx, options.owner, options.memberId);
    if (member.enabled) {
      throw new AppError('BUSINESS_RULE', {
        reason: 'MEMBER_ALREADY_JOINED',
        message: 'This member has already joined the team.',
      });
    }
    const team = await lockTeam(tx, options.owner.teamId);
    await sendInvitation(deps, tx, { owner: options.owner, member, teamName: team?.name ?? '' });
  });
}

/** The invitee chooses a name and password: the account becomes active inside the team. */
export async function acceptInvitation(
  deps: Deps,
  options: { token: string; request: TAcceptInvitationRequest },
): Promise<TSessionResponse> {
  const passwordHash = await hashPassword(options.request.password);
  const member = await deps.db.transaction(async (tx) => {
    const memberId = await redeemLinkToken(deps, tx, {
      token: options.token,
      purpose: 'accept_invitation',
    });
    const pending = memberId && (await getUserById(tx, memberId));
    if (!pending) throw new AppError('INVALID_TOKEN');
    await setUserFields(tx, pending.id, {
      firstName: options.request.firstName,
      lastName: options.request.lastName,
      passwordHash,
      enabled: true,
    });
    return getUserById(tx, pending.id);
  });
  if (!member) throw new AppError('INVALID_TOKEN');
  return startSession(deps, member);
}
