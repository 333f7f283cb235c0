import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RUN_KINDS, RUN_STATUSES, type TRunLog } from '@app/contracts/nucleus';
import { teams } from './teams.js';

/**
 * A Sinteza run of a team: an uploaded file (DRAFT until it is synthesized), then a job that
 * fits a model on it and generates rows, or (GENERATE) a job that draws more rows from the
 * stored model of another run, or (RELATIONAL) a job that synthesizes the uploads of several
 * draft runs together as related tables. Files live in storage under `storage_prefix`.
 */
export const nucleusRuns = pgTable(
  'nucleus_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RUN_KINDS }).notNull(),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    /** csv, xlsx or parquet: how the uploaded file is read. */
    format: text('format').notNull(),
    sizeBytes: integer('size_bytes'),
    sourceRows: integer('source_rows'),
    sourceColumns: integer('source_columns'),
    /** The engine's profile of the confirmed upload (columns, types, missing, distinct). */
    profile: jsonb('profile'),
    /**
     * The run whose upload and model a GENERATE run uses; of an EDGE run, the id the edge
     * command line gave its report (so a report sent twice counts once).
     */
    sourceRunId: uuid('source_run_id'),
    algorithm: text('algorithm'),
    parameters: jsonb('parameters').$type<Record<string, unknown>>(),
    columnChoices: jsonb('column_choices'),
    /** A one-table run's key column (drawn as new unique keys), or null for none. */
    primaryKey: text('primary_key'),
    /**
     * A RELATIONAL run's tables (each an upload of a draft run, with its name, keys and column
     * choices) and the foreign keys between them.
     */
    relational: jsonb('relational'),
    /**
     * A synthesized table's report choice: `{ target }` names the column machine-learning
     * efficacy predicts (null: none), `{}` lets the report pick. Null for a run fitted before
     * rows were held out of fitting (a model of every row, nothing unseen to test on).
     */
    evaluation: jsonb('evaluation').$type<{ target?: string | null }>(),
    numRows: integer('num_rows'),
    /** Up to 2^32 - 1, the engine's seed range. */
    seed: bigint('seed', { mode: 'number' }),
    /** How many times a job started this run; a run interrupted too often fails. */
    attempts: integer('attempts').notNull().default(0),
    /** Written while a job works on the run: a RUNNING run without one for long was orphaned. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    logs: jsonb('logs').$type<TRunLog[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('nucleus_runs_team_created_idx').on(table.teamId, table.createdAt),
    index('nucleus_runs_status_idx').on(table.status),
  ],
);
