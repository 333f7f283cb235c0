import {
  CONFIRMATION_TOKEN_TTL_HOURS,
  MAX_CONFIRMATION_SENDS,
  RESET_TOKEN_TTL_HOURS,
  ROLES,
  VALIDATION,
  type Language,
  type TLoginRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TSessionResponse,
  type TUpdatePasswordRequest,
} from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import {
  confirmRegistrationMail,
  registrationAttemptMail,
  resetPasswordMail,
} from '../../platform/mail/templates.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.js';
import { createTeamForOwner } from '../teams/service.js';
import {
  clearPasswordFailures,
  recordPasswordFailure,
  requirePasswordChecksOpen,
} from './password-throttle.js';
import {
  createUser,
  findUserOfSpentLink,
  getUserByEmail,
  getUserById,
  issueLinkToken,
  redeemLinkToken,
  setUserFields,
  startSession,
  toLanguage,
  type UserRow,
} from '../users/service.js';

function accountOf(user: UserRow) {
  return { email: user.email, firstName: user.firstName, language: toLanguage(user.language) };
}

export async function login(
  deps: Deps,
  options: { credentials: TLoginRequest; language: Language | undefined },
): Promise<TSessionResponse> {
  const { email } = options.credentials;
  await requirePasswordChecksOpen(deps, email);
  const user = await getUserByEmail(deps.db, email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, options.credentials.password)
    : await verifyAgainstDummy(options.credentials.password);
  if (!user || !isValid) {
    await recordPasswordFailure(deps, { email, account: user && accountOf(user) });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearPasswordFailures(deps, email);
  if (!user.enabled) throw new AppError('ACCOUNT_DISABLED');
  if (options.language && options.language !== user.language) {
    await setUserFields(deps.db, user.id, { language: options.language });
    user.language = options.language;
  }
  return startSession(deps, user);
}

async function sendConfirmationMail(deps: Deps, executor: Executor, user: UserRow): Promise<void> {
  const token = await issueLinkToken(deps, executor, {
    userId: user.id,
    purpose: 'confirm_registration',
    ttlHours: CONFIRMATION_TOKEN_TTL_HOURS,
  });
  const link = `${deps.config.publicUrl}/registration_confirm/${token}`;
  await deps.mailer.send(
    confirmRegistrationMail(
      { to: user.email, firstName: user.firstName, language: toLanguage(user.language) },
      link,
    ),
    { tx: executor },
  );
}

/** Creates the owner, their team and the first confirmation mail, all or nothing. */
export async function register(
  deps: Deps,
  options: { request: TRegisterRequest; language: Language },
): Promise<{ email: string }> {
  const { request } = options;
  const passwordHash = await hashPassword(request.password);
  // An email already registered fails on the unique index and rolls the team back too.
  try {
    await createOwner(deps, { ...options, passwordHash });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'EMAIL_TAKEN')) throw error;
    // Answered as a new registration, so the form tells no one which addresses have an
    // account; the address's owner learns of the attempt by mail.
    await sendRegistrationAttempt(deps, request.email);
  }
  return { email: request.email };
}

async function createOwner(
  deps: Deps,
  options: { request: TRegisterRequest; language: Language; passwordHash: string },
): Promise<void> {
  const { request, passwordHash } = options;
  await deps.db.transaction(async (tx) => {
    const team = await createTeamForOwner(tx, request);
    const user = await createUser(tx, {
      teamId: team.id,
      email: request.email,
      passwordHash,
      firstName: request.firstName,
      lastName: request.lastName,
      companyName: request.companyName ?? '',
      roles: [ROLES.OWNER],
      language: options.language,
      enabled: false,
      confirmationSends: 1,
    });
    await sendConfirmationMail(deps, tx, user);
  });
}

async function sendRegistrationAttempt(deps: Deps, email: string): Promise<void> {
  const user = await getUserByEmail(deps.db, email);
  if (!user) return;
  await deps.mailer.send(
    registrationAttemptMail(
      { to: user.email, firstName: user.firstName, language: toLanguage(user.language) },
      `${deps.config.publicUrl}/sign-in`,
    ),
  );
}

/** A new confirmation link while fewer than MAX_CONFIRMATION_SENDS were sent; older links die. */
export async function resendConfirmation(deps: Deps, options: { email: string }): Promise<void> {
  const user = await getUserByEmail(deps.db, options.email);
  // Unknown or confirmed emails get the same answer, so the call reveals nothing. Invited
  // members and administrator-created users (no sends) never had a registration to confirm.
  if (!user || user.enabled || user.confirmationSends === 0) return;
  if (user.confirmationSends >= MAX_CONFIRMATION_SENDS) {
    throw new AppError('LIMIT_EXCEEDED', {
      message: 'The confirmation email was already sent 3 times.',
    });
  }
  await deps.db.transaction(async (tx) => {
    await setUserFields(tx, user.id, { confirmationSends: user.confirmationSends + 1 });
    await sendConfirmationMail(deps, tx, user);
  });
}

export async function confirmRegistration(
  deps: Deps,
  options: { token: string },
): Promise<TSessionResponse> {
  const user = await deps.db.transaction(async (tx) => {
    const userId = await redeemLinkToken(deps, tx, {
      token: options.token,
      purpose: 'confirm_registration',
    });
    if (!userId) {
      const spentBy = await findUserOfSpentLink(tx, {
        token: options.token,
        purpose: 'confirm_registration',
      });
      const owner = spentBy ? await getUserById(tx, spentBy) : undefined;
      if (owner?.enabled) {
        throw new AppError('CONFLICT', {
          reason: 'ALREADY_CONFIRMED',
          message: 'This account is already confirmed: log in.',
        });
      }
      throw new AppError('INVALID_TOKEN');
    }
    await setUserFields(tx, userId, { enabled: true });
    return getUserById(tx, userId);
  });
  if (!user) throw new AppError('INVALID_TOKEN');
  return startSession(deps, user);
}

export const FORGOT_PASSWORD_JOB = 'auth.forgot-password';

/**
 * Queues the reset for any address, known or not: the request does the same work either way,
 * so neither its answer nor its time tells whether an account exists.
 */
export async function forgotPassword(deps: Deps, options: { email: string }): Promise<void> {
  await deps.jobs.enqueue(FORGOT_PASSWORD_JOB, { email: options.email });
}

/** The job: a reset link for an enabled account, nothing for any other address. */
export async function sendPasswordReset(deps: Deps, options: { email: string }): Promise<void> {
  const user = await getUserByEmail(deps.db, options.email);
  if (!user?.enabled) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueLinkToken(deps, tx, {
      userId: user.id,
      purpose: 'reset_password',
      ttlHours: RESET_TOKEN_TTL_HOURS,
    });
    const link = `${deps.config.publicUrl}/reset_password/${token}`;
    await deps.mailer.send(
      resetPasswordMail(
        { to: user.email, firstName: user.firstName, language: toLanguage(user.language) },
        link,
      ),
      { tx },
    );
  });
}

/** Sets the new password and ends every session opened with the old one. */
export async function resetPassword(
  deps: Deps,
  options: { request: TResetPasswordRequest },
): Promise<void> {
  const passwordHash = await hashPassword(options.request.password);
  const email = await deps.db.transaction(async (tx) => {
    const userId = await redeemLinkToken(deps, tx, {
      token: options.request.token,
      purpose: 'reset_password',
    });
    const user = userId && (await getUserById(tx, userId));
    if (!user) throw new AppError('INVALID_TOKEN');
    await setUserFields(tx, user.id, { passwordHash, tokenVersion: user.tokenVersion + 1 });
    return user.email;
  });
  await clearPasswordFailures(deps, email);
}

/** Checks the old password; other sessions end, this one gets a fresh token. */
export async function updatePassword(
  deps: Deps,
  options: { userId: string; request: TUpdatePasswordRequest },
): Promise<{ token: string }> {
  const user = await getUserById(deps.db, options.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  await requirePasswordChecksOpen(deps, user.email);
  if (!(await verifyPassword(user.passwordHash, options.request.oldPassword))) {
    await recordPasswordFailure(deps, { email: user.email, account: accountOf(user) });
    throw validationError(
      { oldPassword: VALIDATION.passwordWrongOld },
      'The old password is not correct.',
    );
  }
  await clearPasswordFailures(deps, user.email);
  const tokenVersion = user.tokenVersion + 1;
  await setUserFields(deps.db, user.id, {
    passwordHash: await hashPassword(options.request.password),
    tokenVersion,
  });
  return { token: await deps.sessions.sign({ userId: user.id, tokenVersion }) };
}
