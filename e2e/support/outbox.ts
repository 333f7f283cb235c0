import { expect, type APIRequestContext } from '@playwright/test';

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string };

/** Waits for the newest mail to `to` whose subject matches, and returns the link it carries. */
export async function linkFromMail(
  request: APIRequestContext,
  options: { to: string; subject: RegExp; route: string },
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const messages = (await response.json()) as OutboxMessage[];
        const mail = messages.find(
          (message) => message.to === options.to && options.subject.test(message.subject),
        );
        const match =
          mail && new RegExp(`https?://[^\\s]+/${options.route}/[A-Za-z0-9_-]+`).exec(mail.text);
        link = match?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${options.to} with a /${options.route}/ link`, timeout: 15_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@acme-industries.com`;
}
