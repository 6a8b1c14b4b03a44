/**
 * The one way the voiceover services read and change a project: by workspace (another workspace's project
 * answers 404), changes under the row's lock in one transaction, every change published on the live
 * `dubbing` collection (decision 223).
 */
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import type { EventBus } from '../../live/event-bus';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import { presentVoiceover } from './voiceover.presenter';
import * as repo from './voiceover.repo';

export const projectNotFound = () => notFound('Voiceover project not found.', 'voiceover_project_not_found');
export const trackNotFound = () => notFound('Track not found.', 'voiceover_track_not_found');
export const clipNotFound = () => notFound('Clip not found.', 'voiceover_clip_not_found');

export class VoiceoverStore {
  constructor(
    readonly db: AppDb,
    private readonly bus: EventBus,
    private readonly usage: UsageService,
  ) {}

  async workspaceId(caller: Principal): Promise<string> {
    return (await callerWorkspace(caller, this.usage)).id;
  }

  async get(caller: Principal, id: string): Promise<repo.VoiceoverRow> {
    const row = await repo.findProject(this.db, await this.workspaceId(caller), id);
    if (!row) throw projectNotFound();
    return row;
  }

  /**
   * Runs `fn` on the locked row; what it returns is written (raising the version) and published. `fn` may
   * throw to refuse the change: nothing is written then.
   */
  async change(
    caller: Principal,
    id: string,
    fn: (
      row: repo.VoiceoverRow,
      tx: AppDb,
    ) => Promise<Parameters<typeof repo.updateProject>[2]> | Parameters<typeof repo.updateProject>[2],
  ): Promise<repo.VoiceoverRow> {
    const ws = await this.workspaceId(caller);
    const row = await this.db.transaction(async (tx) => {
      const locked = await repo.lockProject(tx, ws, id);
      if (!locked) throw projectNotFound();
      return (await repo.updateProject(tx, id, await fn(locked, tx)))!;
    });
    this.publish(row);
    return row;
  }

  publish(row: repo.VoiceoverRow, op: 'insert' | 'update' | 'delete' = 'update'): void {
    this.bus.publish({
      collection: 'dubbing',
      op,
      id: row.id,
      data: op === 'delete' ? null : { kind: 'voiceover', ...presentVoiceover(row) },
      audience: { workspaceIds: [row.workspaceId] },
    });
  }
}
