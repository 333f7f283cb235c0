import { z } from 'zod';
import { VALIDATION, ZName, ZOptionalName, ZPassword } from './common.js';
import { ASSIGNABLE_ROLES } from './roles.js';

/** A team holds at most this many members, pending invitations included. */
export const MAX_TEAM_MEMBERS = 20;
export const INVITATION_TOKEN_TTL_HOURS = 7 * 24;
/** Debounce of the members search box (spec section 4). */
export const TEAM_SEARCH_DEBOUNCE_MS = 300;

/** The simple address check of the invite form: no spaces, one @, a dot in the domain. */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZTeamMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  /** False while the invitation is pending. */
  enabled: z.boolean(),
  roles: z.array(z.number().int()),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamResponse = z.object({
  members: z.array(ZTeamMember),
  maxMembers: z.number().int(),
});
export type TTeamResponse = z.infer<typeof ZTeamResponse>;

/**
 * Any role number passes the schema; the server answers 403 to one an owner may not give
 * (only ASSIGNABLE_ROLES), so the rule lives in one place, the service.
 */
const ZMemberRoles = z
  .array(z.number({ error: VALIDATION.required }).int(), { error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(ASSIGNABLE_ROLES.length, { error: VALIDATION.invalid });

const ZInviteEmail = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .min(1, { error: VALIDATION.required })
  .max(254, { error: VALIDATION.tooLong })
  .regex(INVITE_EMAIL_PATTERN, { error: VALIDATION.emailInviteInvalid });

export const ZInviteMemberRequest = z.object({
  email: ZInviteEmail,
  roles: ZMemberRoles,
});
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

export const ZUpdateMemberRequest = z.object({
  firstName: ZOptionalName,
  lastName: ZOptionalName,
  /** Only a pending invitation's address can change; the new address gets a fresh invitation. */
  email: ZInviteEmail,
  roles: ZMemberRoles,
});
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

export const ZAcceptInvitationRequest = z.object({
  password: ZPassword,
  firstName: ZName,
  lastName: ZName,
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

/** The invitation confirmation page: the request plus confirmation and the terms checkbox. */
export const ZAcceptInvitationForm = ZAcceptInvitationRequest.extend({
  confirmPassword: z.string().min(1, { error: VALIDATION.required }),
  acceptTerms: z.literal(true, { error: VALIDATION.termsRequired }),
}).refine((form) => form.password === form.confirmPassword, {
  error: VALIDATION.passwordMismatch,
  path: ['confirmPassword'],
});
export type TAcceptInvitationForm = z.input<typeof ZAcceptInvitationForm>;
