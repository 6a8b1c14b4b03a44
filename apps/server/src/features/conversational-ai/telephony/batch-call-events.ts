/**
 * Live updates of batch calls (decision 252): every change of a batch or of one of its recipients goes out on
 * the live `batch_call` collection to the batch's workspace, with the batch as the list shows it (status and
 * counts), so the batch calling page refetches only when something moved instead of polling.
 */
import type { AppDb } from '../../../db/client';
import type { EventBus } from '../../../live/event-bus';
import { presentBatch } from '../batch-calls.presenter';
import * as repo from '../batch-calls.repo';

export class BatchCallEvents {
  constructor(
    private readonly db: AppDb,
    private readonly bus: EventBus,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  /** The batch was created or changed (its status, or a recipient's). Never throws. */
  async changed(workspaceId: string, id: string, op: 'insert' | 'update' = 'update'): Promise<void> {
    try {
      const batch = await repo.findBatch(this.db, workspaceId, id);
      if (!batch) return;
      const data = presentBatch(batch, (await repo.countsOf(this.db, [id])).get(id));
      this.bus.publish({ collection: 'batch_call', op, id, data, audience: { workspaceIds: [workspaceId] } });
    } catch (err) {
      this.log.error({ err, batchId: id }, 'batch call change not published');
    }
  }

  deleted(workspaceId: string, id: string): void {
    this.bus.publish({
      collection: 'batch_call',
      op: 'delete',
      id,
      data: null,
      audience: { workspaceIds: [workspaceId] },
    });
  }
}
