import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox bank aggregator's consents, shaped like a PSD2 provider's
 * requisitions: created for an institution and a redirect, then linked (with the accounts
 * the user picked in the sandbox bank's consent pages) or rejected.
 */
export const bankSandboxRequisitions = pgTable('bank_sandbox_requisitions', {
  /** `req_…` */
  id: text('id').primaryKey(),
  institutionId: text('institution_id').notNull(),
  /** The caller's reference (the connection's operation id). */
  reference: text('reference').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  /** `CR` created, `LN` linked, `RJ` rejected, `EX` expired (the provider's status codes). */
  status: text('status', { enum: ['CR', 'LN', 'RJ', 'EX'] }).notNull(),
  /** The account ids (`acc_…`) the user consented to, with their kind. */
  accounts: jsonb('accounts').$type<{ id: string; kind: string }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
});
