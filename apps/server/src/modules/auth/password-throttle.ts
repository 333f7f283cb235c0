import { createHash } from 'node:crypto';
import type { Language } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { passwordChecksPausedMail } from '../../platform/mail/templates.js';
import {
  countPasswordFailure,
  deletePasswordFailures,
  findPasswordFailures,
  lockPasswordChecks,
} from './repository.js';

/** Wrong passwords in a row after which an address's password checks pause. */
export const FAILURES_BEFORE_PAUSE = 5;
const FIRST_PAUSE_MILLISECONDS = 15 * 60_000;
const LONGEST_PAUSE_MILLISECONDS = 24 * 3600_000;
/** A run of failures this old is forgotten. */
const FAILURES_REMEMBERED_MILLISECONDS = 24 * 3600_000;

function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Refuses a password check for an address whose checks are paused, from any client address,
 * even with the right password: guessing is slowed to a few tries an hour.
 */
export async function requirePasswordChecksOpen(deps: Deps, email: string): Promise<void> {
  const row = await findPasswordFailures(deps.db, emailHash(email));
  const now = deps.clock.now();
  if (!row?.lockedUntil || row.lockedUntil <= now) return;
  const minutes = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000);
  throw new AppError('RATE_LIMITED', {
    message: `Too many wrong passwords for this account. Try again in ${String(minutes)} minutes, or reset the password.`,
  });
}

/**
 * Counts a wrong password. The fifth in a row pauses the address's checks for 15 minutes, each
 * further one doubles the pause (up to a day), and the account's owner is told by mail.
 */
export async function recordPasswordFailure(
  deps: Deps,
  options: {
    email: string;
    account: { email: string; firstName: string; language: Language } | undefined;
  },
): Promise<void> {
  const hash = emailHash(options.email);
  const now = deps.clock.now();
  const failures = await countPasswordFailure(deps.db, {
    emailHash: hash,
    now,
    forgetBefore: new Date(now.getTime() - FAILURES_REMEMBERED_MILLISECONDS),
  });
  if (failures < FAILURES_BEFORE_PAUSE) return;
  const pause = Math.min(
    FIRST_PAUSE_MILLISECONDS * 2 ** (failures - FAILURES_BEFORE_PAUSE),
    LONGEST_PAUSE_MILLISECONDS,
  );
  await lockPasswordChecks(deps.db, { emailHash: hash, until: new Date(now.getTime() + pause) });
  if (failures === FAILURES_BEFORE_PAUSE && options.account) {
    await deps.mailer.send(
      passwordChecksPausedMail(
        {
          to: options.account.email,
          firstName: options.account.firstName,
          language: options.account.language,
        },
        `${deps.config.publicUrl}/forgot`,
      ),
    );
  }
}

/** The right password, or a new one set through a mail link, ends the run of failures. */
export async function clearPasswordFailures(deps: Deps, email: string): Promise<void> {
  await deletePasswordFailures(deps.db, emailHash(email));
}
