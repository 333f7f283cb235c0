import type { TContactRequest } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { supportMessageMail } from '../../platform/mail/templates.js';
import { getUserById } from '../users/service.js';
import { insertSupportMessage } from './repository.js';

/** Keeps the message and mails it to the support address, in one transaction. */
export async function sendSupportMessage(
  deps: Deps,
  options: { teamId: string; userId: string; message: TContactRequest },
): Promise<void> {
  const user = await getUserById(deps.db, options.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  await deps.db.transaction(async (tx) => {
    await insertSupportMessage(tx, options.teamId, { userId: user.id, ...options.message });
    await deps.mailer.send(
      supportMessageMail({
        to: deps.config.supportEmail,
        from: {
          email: user.email,
          name: `${user.firstName} ${user.lastName}`,
          teamId: user.teamId,
        },
        ...options.message,
      }),
      { tx },
    );
  });
}
