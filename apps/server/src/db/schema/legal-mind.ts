import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.js';

/**
 * One document LegalMind anonymised for a team: its size and how many findings of each kind
 * (PERSON, EMAIL, IBAN…) it held. Counts only; the text itself is never stored.
 */
export const legalMindDocuments = pgTable(
  'legal_mind_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    characters: integer('characters').notNull(),
    findings: jsonb('findings').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('legal_mind_documents_team_at_idx').on(table.teamId, table.createdAt)],
);
