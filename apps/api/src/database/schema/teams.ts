import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';
import { sites } from './sites.js';

/** Teams share servers and sites between users (spec/000 §3, §6). Every user has a personal team. */
export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }).notNull(),
  personalTeam: boolean('personal_team').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Members of a team other than its owner, with their role (contracts `TEAM_ROLES`). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 32 }).notNull(),
    /**
     * True when the member's access is limited to their team_member_scopes rows; false: every
     * server the team shares. A flag, not "no rows", so deleting the last scoped site never
     * widens the member's access.
     */
    scoped: boolean('scoped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user').on(table.userId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who sent (or last resent) it: the mail and the invitation page name them. */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** An invitation is valid for 7 days; resending it renews the 7 days (teams.service.ts). */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
  },
  (table) => [uniqueIndex('team_invitations_team_email').on(table.teamId, sql`lower(${table.email})`)],
);

/** Servers a team shares; its members reach them (and their sites) through the policy layer. */
export const teamServers = pgTable(
  'team_servers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.serverId] }),
    index('team_servers_server').on(table.serverId),
  ],
);

/**
 * A team's own roles (issue 22 point 2): a named set of permissions (contracts TEAM_PERMISSIONS).
 * A member's role (team_members.role) is a built-in key or the key of one of these.
 */
export const teamRoles = pgTable(
  'team_roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('team_roles_team_key').on(table.teamId, table.key)],
);

/**
 * A member's scope in a team (when team_members.scoped): the shared servers (site_id null: the
 * whole server) and sites they reach.
 */
export const teamMemberScopes = pgTable(
  'team_member_scopes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
  },
  (table) => [index('team_member_scopes_member').on(table.teamId, table.userId)],
);
