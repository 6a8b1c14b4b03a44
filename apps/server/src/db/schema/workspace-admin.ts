import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { WORKSPACE_ROLES, workspaces } from './workspaces';

/**
 * A pending invitation to a workspace (issue 11, decision 110): one per (workspace, email). The code is the
 * mailed link's secret; the row is removed when the invitee accepts or declines or an admin revokes it.
 * A pending invite holds a seat.
 */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** SHA-256 (hex) of the code in the mailed link; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('workspace_invites_workspace_email_idx').on(t.workspaceId, t.email),
    index('workspace_invites_email_idx').on(t.email),
  ],
);

/** A named set of members of one workspace (SDK workspace.groups). */
export const workspaceGroups = pgTable(
  'workspace_groups',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `<resource type|*>:<level>` entries every member of the group holds on the workspace's resources (decision 165). */
    allMembersPermissions: jsonb('all_members_permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_groups_workspace_name_idx').on(t.workspaceId, t.name)],
);

export const workspaceGroupMembers = pgTable(
  'workspace_group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => workspaceGroups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('workspace_group_members_user_idx').on(t.userId),
  ],
);

/**
 * One administrative change in a workspace (decision 112): who (actor and their email at the time), what
 * (activity name, the class it belongs to, a message and details), when, and from where (address, user agent).
 */
export const auditLogEntries = pgTable(
  'audit_log_entries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    /** e.g. member_invited, member_role_changed, group_created, security_settings_updated. */
    activityName: text('activity_name').notNull(),
    /** The area: workspace_member, workspace_invite, workspace_group, workspace_settings, api_key, billing. */
    className: text('class_name').notNull(),
    message: text('message').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    httpMethod: text('http_method'),
    /** The path of the request that made the change (no query string). */
    urlPath: text('url_path'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entries_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A role on one resource of a workspace (SDK workspace.resources.share, decision 165) granted to a member or
 * service account (`user`, the user id), a group (`group`, the group id) or every member (`default`, id '':
 * the resource's baseline, which may be `none`). One row per (resource, grantee); sharing again replaces it.
 */
export const workspaceResourceGrants = pgTable(
  'workspace_resource_grants',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    granteeType: text('grantee_type', { enum: ['user', 'group', 'default'] }).notNull(),
    granteeId: text('grantee_id').notNull(),
    role: text('role', { enum: ['none', 'viewer', 'commenter', 'editor', 'admin'] }).notNull(),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'workspace_resource_grants_pk',
      columns: [t.workspaceId, t.resourceType, t.resourceId, t.granteeType, t.granteeId],
    }),
    index('workspace_resource_grants_grantee_idx').on(t.workspaceId, t.granteeType, t.granteeId),
  ],
);
