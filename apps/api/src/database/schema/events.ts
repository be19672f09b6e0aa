import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { EventTextValues } from '@hostdeck/contracts';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * Every operation on a server is an event (spec/000 §3–4). The row is the truth; the queue only
 * schedules. A running event holds a lease that its worker renews; the reaper turns an event whose
 * lease expired into ERROR, so no event stays running forever.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: varchar('type', { length: 64 }).notNull(),
    /** English, for rows read by older code; readers get `descriptionId` in their language. */
    description: varchar('description', { length: 255 }).notNull(),
    /** EVENT_DESCRIPTIONS id and its values (contracts); null on rows stored before ids. */
    descriptionId: varchar('description_id', { length: 64 }),
    descriptionValues: jsonb('description_values').$type<EventTextValues>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id'),
    modelId: integer('model_id'),
    modelType: varchar('model_type', { length: 64 }),
    status: varchar('status', { length: 32 }).notNull().default('PENDING'),
    isFinished: boolean('is_finished').notNull().default(false),
    /** Mutating events run one at a time per server. */
    mutating: boolean('mutating').notNull().default(true),
    recipeId: varchar('recipe_id', { length: 64 }),
    /**
     * The validated recipe input, sealed (it may hold passwords). Cleared when the event finishes,
     * so secrets are kept only while they are needed.
     */
    sealedInput: text('sealed_input'),
    /** The step to start from ("retry from here"). */
    startStepId: varchar('start_step_id', { length: 64 }),
    currentStepId: varchar('current_step_id', { length: 64 }),
    output: text('output').notNull().default(''),
    outputBytes: integer('output_bytes').notNull().default(0),
    outputTruncated: boolean('output_truncated').notNull().default(false),
    errorReason: text('error_reason'),
    /** EVENT_ERRORS id and values when the error line is one of them (errorReason is its English). */
    errorId: varchar('error_id', { length: 64 }),
    errorValues: jsonb('error_values').$type<EventTextValues>().notNull().default({}),
    queueJobId: varchar('queue_job_id', { length: 64 }),
    leaseOwner: varchar('lease_owner', { length: 64 }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_user_created').on(table.userId, table.createdAt),
    index('events_server_created').on(table.serverId, table.createdAt),
    index('events_running_lease')
      .on(table.leaseExpiresAt)
      .where(sql`${table.status} = 'RUNNING'`),
    // The database itself guarantees one running mutating event per server.
    uniqueIndex('events_one_running_per_server')
      .on(table.serverId)
      .where(sql`${table.status} = 'RUNNING' and ${table.mutating}`),
  ],
);
