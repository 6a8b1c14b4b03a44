import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// One row per running server or worker process (decision 027). A node renews its lease with a heartbeat;
// when the lease has run out, or the database no longer has the node's presence connection, the node is
// dead and any node gives back what it held: its generation reservations and its jobs' locks.
export const serverNodes = pgTable(
  'server_nodes',
  {
    /** Random at every start: a restarted process is a new node, its predecessor a dead one. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['api', 'worker'] }).notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull(),
    /**
     * PostgreSQL only: the server process id of the node's own presence connection. The connection closes
     * when the node's process dies (kill -9 included), so a node missing from pg_stat_activity is dead at
     * once, without waiting for its lease. Null on PGlite and where pg_stat_activity cannot be read.
     */
    backendPid: integer('backend_pid'),
    /** graphile-worker pool ids of this node (its jobs' locked_by), so its locks can be released. */
    workerPoolIds: text('worker_pool_ids').array().notNull().default([]),
  },
  (t) => [index('server_nodes_lease_idx').on(t.leaseExpiresAt)],
);
