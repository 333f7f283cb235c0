import { randomUUID } from 'node:crypto';
import type { Language, TCurrentUser, TSessionResponse, TUpdateUserRequest } from '@app/contracts';
import {
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  LANGUAGES,
  PHOTO_MAX_BYTES,
  VALIDATION,
} from '@app/contracts';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import {
  confirmEmailChangeMail,
  emailChangeAttemptMail,
  emailChangeRequestedMail,
} from '../../platform/mail/templates.js';
import { createMailToken, hashMailToken } from '../../platform/tokens.js';
import type { UploadedFile } from '../../platform/uploads.js';
import { detectImageType } from './image-type.js';
import {
  consumeUserToken,
  findUserByEmail,
  findUserOfUsedToken,
  findTeamOwner,
  findUserById,
  insertUser,
  insertUserToken,
  retireUserTokens,
  updateUser,
  type UserRow,
  type UserTokenPurpose,
} from './repository.js';

export type { UserRow };

const HOUR = 3_600_000;

export function getUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(executor, email);
}

export function getTeamOwner(executor: Executor, teamId: string): Promise<UserRow | undefined> {
  return findTeamOwner(executor, teamId);
}

export function getUserById(executor: Executor, userId: string): Promise<UserRow | undefined> {
  return findUserById(executor, userId);
}

/** The unique index on the email decides, so two requests at the same moment cannot both win. */
function rethrowEmailTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AppError('EMAIL_TAKEN', { fields: { email: VALIDATION.emailTaken } });
  }
  throw error;
}

export function createUser(
  executor: Executor,
  values: Parameters<typeof insertUser>[1],
): Promise<UserRow> {
  return insertUser(executor, values).catch(rethrowEmailTaken);
}

export function setUserFields(
  executor: Executor,
  userId: string,
  values: Parameters<typeof updateUser>[2],
): Promise<void> {
  return updateUser(executor, userId, values).catch(rethrowEmailTaken);
}

export function toLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en-US';
}

/** Spec: a user whose email contains the configured fragment is blocked. */
export function isBlockedEmail(config: Deps['config'], email: string): boolean {
  const fragment = config.blockedEmailFragment?.toLowerCase();
  return fragment ? email.toLowerCase().includes(fragment) : false;
}

export function toCurrentUser(deps: Pick<Deps, 'config' | 'storage'>, user: UserRow): TCurrentUser {
  return {
    id: user.id,
    email: user.email,
    pendingEmail: user.pendingEmail,
    roles: user.roles,
    teamId: user.teamId,
    blocked: isBlockedEmail(deps.config, user.email),
    dataverseEnabled: user.dataverseEnabled,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    nif: user.nif,
    billingAddress: user.billingAddress,
    zip: user.zip,
    region: user.region,
    country: user.country,
    defaultPaymentMethod: user.defaultPaymentMethod,
    photoUrl: user.photoKey ? deps.storage.signedUrl(user.photoKey) : null,
    timeZone: user.timeZone,
    language: toLanguage(user.language),
  };
}

/**
 * Stores a new single-use token for a mail link and returns the token the link carries; the
 * user's open tokens of the same purpose are retired, so only the newest link works.
 */
export async function issueLinkToken(
  deps: Pick<Deps, 'clock'>,
  executor: Executor,
  options: { userId: string; purpose: UserTokenPurpose; ttlHours: number },
): Promise<string> {
  const now = deps.clock.now();
  await retireUserTokens(executor, { userId: options.userId, purpose: options.purpose, now });
  const { token, tokenHash } = createMailToken();
  await insertUserToken(executor, {
    userId: options.userId,
    purpose: options.purpose,
    tokenHash,
    expiresAt: new Date(now.getTime() + options.ttlHours * HOUR),
  });
  return token;
}

/** Uses up a link token; answers its user's id, or undefined when unknown, used or expired. */
export function redeemLinkToken(
  deps: Pick<Deps, 'clock'>,
  executor: Executor,
  options: { token: string; purpose: UserTokenPurpose },
): Promise<string | undefined> {
  return consumeUserToken(executor, {
    tokenHash: hashMailToken(options.token),
    purpose: options.purpose,
    now: deps.clock.now(),
  });
}

/** The user whose link was already used, to tell a second click from a bad link. */
export function findUserOfSpentLink(
  executor: Executor,
  options: { token: string; purpose: UserTokenPurpose },
): Promise<string | undefined> {
  return findUserOfUsedToken(executor, {
    tokenHash: hashMailToken(options.token),
    purpose: options.purpose,
  });
}

/** Starts a session for a user who has just proved their address by a mail link. */
export async function startSession(deps: Deps, user: UserRow): Promise<TSessionResponse> {
  const token = await deps.sessions.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { token, user: toCurrentUser(deps, user) };
}

async function requireUser(executor: Executor, userId: string): Promise<UserRow> {
  const user = await findUserById(executor, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

export async function getCurrentUser(
  deps: Deps,
  options: { userId: string },
): Promise<TCurrentUser> {
  return toCurrentUser(deps, await requireUser(deps.db, options.userId));
}

/**
 * Saves the profile. A different email is not set: it waits as pending until the link mailed
 * to it is opened (see `confirmEmailChange`), so no one can take over an address they cannot read.
 */
export async function updateCurrentUser(
  deps: Deps,
  options: { userId: string; changes: TUpdateUserRequest },
): Promise<TCurrentUser> {
  const { email, ...fields } = options.changes;
  const user = await requireUser(deps.db, options.userId);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, fields);
    if (email.toLowerCase() !== user.email.toLowerCase()) {
      await requestEmailChange(deps, tx, { user, email });
    }
  });
  return getCurrentUser(deps, { userId: options.userId });
}

function recipientOf(user: UserRow, to = user.email) {
  return { to, firstName: user.firstName, language: toLanguage(user.language) };
}

/**
 * Stores the new address as pending and mails it a single-use link; the current address is
 * told of the request. An address of another account is answered alike (the answer and the
 * profile tell no one it is taken), but its owner gets a notice instead of the link, so the
 * pending address can never be confirmed. A new request replaces the previous one and its link.
 */
async function requestEmailChange(
  deps: Deps,
  executor: Executor,
  options: { user: UserRow; email: string },
): Promise<void> {
  const { user, email } = options;
  // Written first: the row stays locked until commit, so two requests at the same moment take
  // turns and only the last one's link is left alive.
  await updateUser(executor, user.id, { pendingEmail: email });
  const token = await issueLinkToken(deps, executor, {
    userId: user.id,
    purpose: 'confirm_email_change',
    ttlHours: EMAIL_CHANGE_TOKEN_TTL_HOURS,
  });
  const { publicUrl } = deps.config;
  const owner = await findUserByEmail(executor, email);
  await deps.mailer.send(
    owner
      ? emailChangeAttemptMail(recipientOf(owner), `${publicUrl}/sign-in`)
      : confirmEmailChangeMail(recipientOf(user, email), `${publicUrl}/email_confirm/${token}`),
    { tx: executor },
  );
  await deps.mailer.send(
    emailChangeRequestedMail(recipientOf(user), {
      newEmail: email,
      link: `${publicUrl}/account/profile`,
    }),
    { tx: executor },
  );
}

/**
 * The link of an email change: the pending address becomes the email if it is still free
 * (the unique index decides; EMAIL_TAKEN leaves everything as it was), every other session
 * ends and this one starts.
 */
export async function confirmEmailChange(
  deps: Deps,
  options: { token: string },
): Promise<TSessionResponse> {
  const user = await deps.db.transaction(async (tx) => {
    const userId = await redeemLinkToken(deps, tx, {
      token: options.token,
      purpose: 'confirm_email_change',
    });
    const pending = userId ? await findUserById(tx, userId) : undefined;
    if (!pending?.pendingEmail || !pending.enabled) throw new AppError('INVALID_TOKEN');
    await setUserFields(tx, pending.id, {
      email: pending.pendingEmail,
      pendingEmail: null,
      tokenVersion: pending.tokenVersion + 1,
    });
    return findUserById(tx, pending.id);
  });
  if (!user) throw new AppError('INVALID_TOKEN');
  return startSession(deps, user);
}

/** Drops the pending address and kills its link; nothing pending is not an error. */
export async function cancelEmailChange(deps: Deps, options: { userId: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, options.userId, { pendingEmail: null });
    await retireUserTokens(tx, {
      userId: options.userId,
      purpose: 'confirm_email_change',
      now: deps.clock.now(),
    });
  });
}

export async function updateLanguage(
  deps: Deps,
  options: { userId: string; language: Language },
): Promise<void> {
  await updateUser(deps.db, options.userId, { language: options.language });
}

/** Stores a jpg, gif or png under 800 KB, checked by its content, and drops the old photo. */
export async function uploadProfilePhoto(
  deps: Deps,
  options: { userId: string; file: UploadedFile | undefined },
): Promise<{ url: string }> {
  if (options.file?.fieldName !== 'image') throw validationError({ image: VALIDATION.required });
  const body = await options.file.read();
  if (body.length === 0) throw validationError({ image: VALIDATION.required });
  if (body.length >= PHOTO_MAX_BYTES) throw validationError({ image: VALIDATION.imageTooLarge });
  const type = detectImageType(body);
  if (!type) throw validationError({ image: VALIDATION.imageType });

  const user = await requireUser(deps.db, options.userId);
  const key = `photos/${user.id}/${randomUUID()}.${type.extension}`;
  await deps.storage.put(key, body, type.mimeType);
  await updateUser(deps.db, user.id, { photoKey: key });
  if (user.photoKey) await deps.storage.delete(user.photoKey);
  return { url: deps.storage.signedUrl(key) };
}

export async function getProfilePhotoUrl(
  deps: Deps,
  options: { userId: string },
): Promise<{ url: string }> {
  const user = await requireUser(deps.db, options.userId);
  if (!user.photoKey) throw new AppError('NOT_FOUND');
  return { url: deps.storage.signedUrl(user.photoKey) };
}
