import type { Executor } from '../../db/client.js';
import type { JobQueue } from '../jobs.js';
import type { MailMessage, MailTransport } from './transport.js';

const DELIVER_JOB = 'mail.deliver';

export type Mailer = {
  transport: MailTransport;
  /** Queues the message; pass the transaction so it is sent only if the write commits. */
  send(message: MailMessage, options?: { tx?: Executor }): Promise<void>;
};

/** Mail goes through the job queue, so a failing SMTP server is retried, not lost. */
export function createMailer(deps: { transport: MailTransport; jobs: JobQueue }): Mailer {
  deps.jobs.register(DELIVER_JOB, (payload) => deps.transport.deliver(payload as MailMessage));
  return {
    transport: deps.transport,
    async send(message, options = {}) {
      await deps.jobs.enqueue(DELIVER_JOB, message, { ...(options.tx ? { tx: options.tx } : {}) });
    },
  };
}
