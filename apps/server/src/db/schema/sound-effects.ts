import { pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * Seconds of sound effects a workspace generated in its current monthly period (decision 104; billing.md §9
 * "Sound effect seconds"), debited in one statement that refuses to pass the plan's allowance.
 */
export const soundEffectUsage = pgTable('sound_effect_usage', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  secondsUsed: real('seconds_used').notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true, precision: 3 }).notNull(),
});
