import {
  ROLES,
  SET_PASSWORD_TOKEN_TTL_HOURS,
  type TAdminRegisterUserRequest,
  type TAdminUser,
  type TAdminUsersQuery,
  type TAdminUsersResponse,
} from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { accountCreatedMail } from '../../platform/mail/templates.js';
import { hashPassword, unusablePasswordHash } from '../../platform/passwords.js';
import { createTeamForOwner } from '../teams/service.js';
import {
  createUser,
  getUserById,
  issueLinkToken,
  setUserFields,
  toLanguage,
  type UserRow,
} from '../users/service.js';
import { countUsers, countUsersWithRole, findUsersPage } from './repository.js';

function toAdminUser(user: UserRow): TAdminUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    enabled: user.enabled,
    roles: user.roles,
    teamId: user.teamId,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function listUsers(
  deps: Deps,
  options: { query: TAdminUsersQuery },
): Promise<TAdminUsersResponse> {
  const { page, size } = options.query;
  const [items, total] = await Promise.all([
    findUsersPage(deps.db, { offset: page * size, limit: size }),
    countUsers(deps.db),
  ]);
  return { items: items.map(toAdminUser), total, page, size };
}

/**
 * Creates a customer with a team of their own and mails them a link to choose a password, in
 * the administrator's language. A user created disabled can choose the password but signs in
 * only once activated.
 */
export async function registerUser(
  deps: Deps,
  options: { adminId: string; request: Required<TAdminRegisterUserRequest> },
): Promise<TAdminUser> {
  const { request } = options;
  const admin = await getUserById(deps.db, options.adminId);
  const passwordHash = await unusablePasswordHash();
  const user = await deps.db.transaction(async (tx) => {
    const team = await createTeamForOwner(tx, request);
    const created = await createUser(tx, {
      teamId: team.id,
      email: request.email,
      passwordHash,
      firstName: request.firstName,
      lastName: request.lastName,
      roles: [ROLES.OWNER],
      enabled: request.enabled,
      confirmationSends: 0,
      language: admin?.language ?? 'en-US',
    });
    const token = await issueLinkToken(deps, tx, {
      userId: created.id,
      purpose: 'reset_password',
      ttlHours: SET_PASSWORD_TOKEN_TTL_HOURS,
    });
    await deps.mailer.send(
      accountCreatedMail(
        { to: created.email, firstName: created.firstName, language: toLanguage(created.language) },
        `${deps.config.publicUrl}/reset_password/${token}`,
      ),
      { tx },
    );
    return created;
  });
  return toAdminUser(user);
}

export async function enableUser(deps: Deps, options: { userId: string }): Promise<TAdminUser> {
  const user = await getUserById(deps.db, options.userId);
  if (!user) throw new AppError('NOT_FOUND');
  await setUserFields(deps.db, user.id, { enabled: true });
  return toAdminUser({ ...user, enabled: true });
}

/** A confirmed, enabled platform administrator (role 4) in a team of its own. */
export async function createPlatformAdmin(
  executor: Executor,
  options: { email: string; password: string },
): Promise<TAdminUser> {
  const passwordHash = await hashPassword(options.password);
  const admin = await executor.transaction(async (tx) => {
    const team = await createTeamForOwner(tx, {
      companyName: 'Platform administration',
      firstName: '',
      lastName: '',
    });
    return createUser(tx, {
      teamId: team.id,
      email: options.email,
      passwordHash,
      firstName: 'Platform',
      lastName: 'Administrator',
      roles: [ROLES.PLATFORM_ADMIN],
      enabled: true,
      confirmationSends: 0,
    });
  });
  return toAdminUser(admin);
}

/** At start-up: creates the first administrator from the configuration when none exists yet. */
export async function ensurePlatformAdmin(
  executor: Executor,
  options: { email: string; password: string },
): Promise<TAdminUser | undefined> {
  if ((await countUsersWithRole(executor, ROLES.PLATFORM_ADMIN)) > 0) return undefined;
  try {
    return await createPlatformAdmin(executor, options);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'EMAIL_TAKEN')) throw error;
    // Another process starting at the same moment may have created it.
    if ((await countUsersWithRole(executor, ROLES.PLATFORM_ADMIN)) > 0) return undefined;
    throw new Error(`ADMIN_EMAIL ${options.email} belongs to a user who is not an administrator`);
  }
}
