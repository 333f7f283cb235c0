import type { FastifyBaseLogger } from 'fastify';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

/** A file sent with a mail; base64, so the message stays JSON in the job queue and outbox. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

export type MailTransport = {
  kind: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
};

/** The embedded default: keeps each message in `mail_outbox` and logs the link it carries. */
export function createOutboxTransport(deps: {
  db: Database;
  log: FastifyBaseLogger;
}): MailTransport {
  return {
    kind: 'outbox',
    async deliver(message) {
      await deps.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments ?? [],
      });
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      deps.log.info({ to: message.to, subject: message.subject, link }, 'mail kept in the outbox');
    },
  };
}

/** The outbox's newest messages first, for the development mail view. */
export function findOutboxMessages(
  executor: Executor,
  options: { limit: number },
): Promise<(typeof mailOutbox.$inferSelect)[]> {
  return executor
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(options.limit);
}

export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async deliver({ attachments = [], ...message }) {
      await transporter.sendMail({
        from: options.from,
        ...message,
        attachments: attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.contentBase64,
          encoding: 'base64',
        })),
      });
    },
  };
}
