/**
 * The dubbing resource (dubbing.resource.*, decision 144): a finished dub's segments edited one by one (text,
 * translation, timing), translated again, and rendered again by the dub job without recognition. Every edit
 * raises the version; edits wait while the dub is being made (409). Another workspace's dubs answer 404.
 */
import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';
import { dubbingLanguage } from '@vocalis/domain/dubbing/dubbing-languages';
import type { TranslatorSet } from '@vocalis/speech/translate/translator';
import type { AppDb } from '../../db/client';
import type { DubSegment } from '../../db/schema/dubs';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import { dubJobSpec } from './dub.job-spec';
import { presentResource } from './dubbing-resource.presenter';
import { dubNotFound } from './dubbing.service';
import * as repo from './dubbing.repo';

const busy = () => conflict('The dub is being made; edit it when it is done.', 'dubbing_in_progress');

export class DubbingResourceService {
  constructor(
    private readonly db: AppDb,
    private readonly usage: UsageService,
    private readonly translators: TranslatorSet,
  ) {}

  private async row(caller: Principal, id: string): Promise<repo.DubRow> {
    const ws = await callerWorkspace(caller, this.usage);
    const row = await repo.findDub(this.db, ws.id, id);
    if (!row) throw dubNotFound();
    return row;
  }

  private async save(row: repo.DubRow, set: Parameters<typeof repo.updateIdleDub>[3]): Promise<repo.DubRow> {
    const saved = await repo.updateIdleDub(this.db, row.workspaceId, row.id, set);
    if (!saved) throw busy();
    return saved;
  }

  async get(caller: Principal, id: string): Promise<DubbingResource> {
    return presentResource(await this.row(caller, id));
  }

  /** Edits a segment: its timing, and its text in the source language or its translation in a target one. */
  async updateSegment(
    caller: Principal,
    id: string,
    segmentId: string,
    language: string,
    edit: { start_time?: number; end_time?: number; text?: string },
  ): Promise<number> {
    const row = await this.row(caller, id);
    if (row.status === 'dubbing') throw busy();
    const at = row.segments.findIndex((s) => s.id === segmentId);
    if (at < 0) throw notFound('Segment not found.', 'segment_not_found');
    const code = dubbingLanguage(language) ?? language;
    const isSource = code === row.sourceLang || language === 'source';
    if (!isSource && !row.targetLangs.includes(code))
      throw notFound(`The dub has no language ${JSON.stringify(language)}.`, 'language_not_found');
    const s = row.segments[at]!;
    const start = edit.start_time ?? s.start;
    const end = edit.end_time ?? s.end;
    if (end <= start) throw badRequest('end_time must be after start_time.', 'invalid_time_range');
    if (end > row.durationSeconds + 0.001)
      throw badRequest('end_time is after the end of the media.', 'invalid_time_range');
    const next: DubSegment = {
      ...s,
      start,
      end,
      ...(edit.text !== undefined && isSource && { text: edit.text.trim() }),
      translations:
        edit.text !== undefined && !isSource
          ? { ...s.translations, [code]: edit.text.trim() }
          : s.translations,
      stale: true,
    };
    const segments = row.segments.map((x, i) => (i === at ? next : x)).sort((a, b) => a.start - b.start);
    return (await this.save(row, { segments })).version;
  }

  /** Translates the named segments (all when the list is empty) again from their source text. */
  async translate(
    caller: Principal,
    id: string,
    segmentIds: string[],
    languages?: string[],
  ): Promise<number> {
    const row = await this.row(caller, id);
    if (row.status === 'dubbing') throw busy();
    const langs = (languages?.length ? languages : row.targetLangs).map((l) => dubbingLanguage(l) ?? l);
    const unknown = langs.find((l) => !row.targetLangs.includes(l));
    if (unknown) throw notFound(`The dub has no language ${JSON.stringify(unknown)}.`, 'language_not_found');
    const chosen = segmentIds.length ? row.segments.filter((s) => segmentIds.includes(s.id)) : row.segments;
    if (chosen.length !== (segmentIds.length || row.segments.length))
      throw notFound('Segment not found.', 'segment_not_found');
    const translated = new Map<string, Record<string, string>>();
    for (const to of langs) {
      const pair = { from: row.sourceLang ?? 'en', to };
      const engine = await this.translators.pick(pair);
      if (!engine)
        throw new AppError(
          422,
          'unsupported_language_pair',
          `No translator here serves ${pair.from} to ${to}.`,
        );
      const out = await engine.translate(
        chosen.map((s) => s.text),
        pair,
      );
      chosen.forEach((s, i) => translated.set(s.id, { ...(translated.get(s.id) ?? {}), [to]: out[i] ?? '' }));
    }
    const segments = row.segments.map((s) =>
      translated.has(s.id)
        ? { ...s, translations: { ...s.translations, ...translated.get(s.id) }, stale: true }
        : s,
    );
    return (await this.save(row, { segments })).version;
  }

  /** Renders a language again from the segments as edited (the dub job, without recognition or a new charge). */
  async render(
    caller: Principal,
    id: string,
    language: string,
    type: string,
  ): Promise<{ version: number; renderId: string }> {
    const row = await this.row(caller, id);
    const code = dubbingLanguage(language) ?? language;
    if (!row.targetLangs.includes(code))
      throw notFound(`The dub has no language ${JSON.stringify(language)}.`, 'language_not_found');
    const made = row.isVideo ? 'mp4' : 'mp3';
    if (type !== made)
      throw new AppError(
        422,
        'unsupported_render_type',
        `render_type ${type} is not made here: a ${row.isVideo ? 'video' : 'audio'} source renders as ${made}.`,
      );
    if (row.status === 'dubbing') throw busy();
    const renderId = newId();
    const version = await this.db.transaction(async (tx) => {
      const saved = await repo.updateIdleDub(tx, row.workspaceId, row.id, {
        status: 'dubbing',
        error: null,
        progress: 0,
        progressMessage: 'Waiting to render',
      });
      if (!saved) throw busy();
      await enqueue(tx, dubJobSpec, { dubbingId: row.id, render: true, renderId });
      return saved.version;
    });
    return { version, renderId };
  }
}
