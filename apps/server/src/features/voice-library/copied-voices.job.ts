import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { presentMessage } from '../messages/messages.presenter';
import { insertMessages } from '../messages/messages.repo';
import { newId } from '../../lib/ids';
import { disableExpiredCopies, membersOf } from './voice-sharing.repo';

/**
 * Every 10 minutes: library copies whose notice period ended become copied_disabled (unusable, hidden
 * from voice lists; content-and-workspace.md §4/§5), and the members of each copy's workspace are told.
 * `at` runs it as of another time (operators catching up, tests moving the clock).
 */
export const copiedVoicesJob = defineJob({
  name: 'voice-library.disable-expired-copies',
  payload: z.object({ at: z.iso.datetime().optional() }),
  maxAttempts: 5,
  cron: '*/10 * * * *',
  async perform(payload, ctx) {
    const now = payload.at ? new Date(payload.at) : new Date();
    const disabled = await ctx.db.transaction(async (tx) => {
      const copies = await disableExpiredCopies(tx, now);
      const members = await membersOf(tx, [...new Set(copies.map((c) => c.workspaceId))]);
      const rows = await insertMessages(
        tx,
        copies.flatMap((copy) =>
          (members.get(copy.workspaceId) ?? []).map((userId) => ({
            id: newId(),
            userId,
            severity: 'warning' as const,
            title: `"${copy.name}" was removed from your voices`,
            description:
              `Its owner stopped sharing it in the voice library and the notice period has ended. ` +
              `"${copy.name}" can no longer be used.`,
            needsAttention: true,
          })),
        ),
      );
      return { copies, rows };
    });
    for (const row of disabled.rows)
      ctx.bus.publish({
        collection: 'message',
        op: 'insert',
        id: row.id,
        data: presentMessage(row),
        audience: { userIds: [row.userId] },
      });
    if (disabled.copies.length) ctx.log.info({ copies: disabled.copies.length }, 'library copies disabled');
  },
});
