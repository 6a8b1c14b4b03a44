/**
 * A workspace's dub as the resource calls read and save it (dubbing.resource.*, decisions 144, 180 and 215): the
 * caller's access checked, edits saved only while the dub is idle and published live, and the lookups of its
 * languages, segments and speakers that answer 404.
 */
import { dubbingLanguage } from '@vocalis/domain/dubbing/dubbing-languages';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import type { DubSegment } from '../../db/schema/dubs';
import { conflict, notFound } from '../../errors';
import type { EventBus } from '../../live/event-bus';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { UsageService } from '../usage/usage.service';
import { presentDub } from './dubbing.presenter';
import * as repo from './dubbing.repo';
import { dubNotFound } from './dubbing.service';

export const busy = () => conflict('The dub is being made; edit it when it is done.', 'dubbing_in_progress');
export const segmentNotFound = () => notFound('Segment not found.', 'segment_not_found');
const languageNotFound = (l: string) =>
  notFound(`The dub has no language ${JSON.stringify(l)}.`, 'language_not_found');

/** Reads and saves a workspace's dub for the resource calls. */
export class DubAccess {
  constructor(
    readonly db: AppDb,
    readonly usage: UsageService,
    private readonly bus: EventBus,
  ) {}

  /**
   * The dub, when the caller may `action` it (shared resources, decision 165: 404 when they may not read it,
   * 403 when they may not change it); `idle` also refuses one still being made.
   */
  async row(
    caller: Principal,
    id: string,
    idle = false,
    action: ResourceAction = idle ? 'edit' : 'read',
  ): Promise<repo.DubRow> {
    const ws = await callerWorkspace(caller, this.usage);
    const row = await repo.findDub(this.db, ws.id, id);
    if (!row) throw dubNotFound();
    (await ResourceAccess.load(this.db, caller, 'dubbing')).require(row.id, row.userId, action, dubNotFound);
    if (idle && row.status === 'dubbing') throw busy();
    return row;
  }

  async save(
    row: repo.DubRow,
    set: Parameters<typeof repo.updateIdleDub>[3],
    removed: string[] = [],
  ): Promise<number> {
    const saved = await this.db.transaction(async (tx) => {
      const updated = await repo.updateIdleDub(tx, row.workspaceId, row.id, set);
      if (!updated) throw busy();
      if (removed.length) await discardFiles(tx, removed);
      return updated;
    });
    // Everyone with the dub open sees the edit (the live `dubbing` collection; the page refetches its segments).
    this.bus.publish({
      collection: 'dubbing',
      op: 'update',
      id: saved.id,
      data: presentDub(saved),
      audience: { workspaceIds: [saved.workspaceId] },
    });
    return saved.version;
  }

  /** A target language of the dub by code or name (404 otherwise). */
  target(row: repo.DubRow, language: string): string {
    const code = dubbingLanguage(language) ?? language;
    if (!row.targetLangs.includes(code)) throw languageNotFound(language);
    return code;
  }
}

/** The segments named (all when the list is empty); 404 when one is not the dub's. */
export function chosenSegments(row: repo.DubRow, ids: string[]): DubSegment[] {
  if (!ids.length) return row.segments;
  const chosen = row.segments.filter((s) => ids.includes(s.id));
  if (chosen.length !== new Set(ids).size) throw segmentNotFound();
  return chosen;
}

/** A speaker's number from its id (`speaker_N`); 404 when the dub has no such speaker. */
export function speakerNumber(row: repo.DubRow, speakerId: string): number {
  const m = /^speaker_(\d+)$/.exec(speakerId);
  const n = m ? Number(m[1]) : -1;
  if (n < 0 || !(row.speakers.some((s) => s.id === n) || row.segments.some((s) => s.speaker === n)))
    throw notFound('Speaker not found.', 'speaker_not_found');
  return n;
}
