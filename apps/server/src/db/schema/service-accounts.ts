import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

// A service account is a user without sign-in (no password, no session) that belongs to one workspace as a
// member (role editor) and holds API keys (decision 122). Deleting one keeps the user row, so usage and
// history stay attributed to it; its keys and membership go.
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('service_accounts_workspace_idx').on(t.workspaceId)],
);
