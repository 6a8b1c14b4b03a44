/**
 * The dubbing resource (dubbing.resource.*, decisions 144 and 180): a finished dub's segments edited, added,
 * deleted and moved between speakers; speakers named and given a voice; segments recognised and translated
 * again; languages added; segments spoken again (`dub`) and languages rendered again. Every edit raises the
 * version; edits wait while the dub is being made (409). Another workspace's dubs answer 404.
 */
import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';
import { dubbingCharacters } from '@vocalis/domain/dubbing/dubbing-rules';
import { dubbingLanguage, dubbingLanguageName } from '@vocalis/domain/dubbing/dubbing-languages';
import { concurrencyLimit } from '@vocalis/domain/plan-limits';
import type { TranslatorSet } from '@vocalis/speech/translate/translator';
import type { AppDb } from '../../db/client';
import type { DubSegment } from '../../db/schema/dubs';
import { AppError, badRequest, conflict } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import { tooManyConcurrentRequests } from '../usage/usage.service';
import { clipPaths, secondsToSpeak } from './dub-clips';
import { dubJobSpec } from './dub.job-spec';
import { presentResource } from './dubbing-resource.presenter';
import * as repo from './dubbing.repo';
import { busy, chosenSegments, segmentNotFound, speakerNumber, type DubAccess } from './dub-access';

/** Sorted by start, as the pipeline and the presenter expect. */
const sorted = (segments: DubSegment[]) => [...segments].sort((a, b) => a.start - b.start);

function checkRange(row: repo.DubRow, start: number, end: number): void {
  if (end <= start) throw badRequest('end_time must be after start_time.', 'invalid_time_range');
  const length = (row.options.endTime ?? row.durationSeconds) - (row.options.startTime ?? 0);
  if (start < 0 || end > Math.min(length, row.durationSeconds) + 0.001)
    throw badRequest('end_time is after the end of the media.', 'invalid_time_range');
}

export class DubbingResourceService {
  constructor(
    private readonly a: DubAccess,
    private readonly translators: TranslatorSet,
    private readonly speakable: () => Promise<Set<string>>,
  ) {}

  async get(caller: Principal, id: string): Promise<DubbingResource> {
    return presentResource(await this.a.row(caller, id));
  }

  /** Edits a segment: its timing, and its text in the source language or its translation in a target one. */
  async updateSegment(
    caller: Principal,
    id: string,
    segmentId: string,
    language: string,
    edit: { start_time?: number; end_time?: number; text?: string },
  ): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const s = row.segments.find((x) => x.id === segmentId);
    if (!s) throw segmentNotFound();
    const isSource = language === 'source' || (dubbingLanguage(language) ?? language) === row.sourceLang;
    const code = isSource ? 'source' : this.a.target(row, language);
    const start = edit.start_time ?? s.start;
    const end = edit.end_time ?? s.end;
    checkRange(row, start, end);
    const next: DubSegment = {
      ...s,
      start,
      end,
      ...(edit.text !== undefined && isSource && { text: edit.text.trim() }),
      translations:
        edit.text !== undefined && !isSource
          ? { ...s.translations, [code]: edit.text.trim() }
          : s.translations,
    };
    return this.a.save(row, { segments: sorted(row.segments.map((x) => (x.id === s.id ? next : x))) });
  }

  /** Adds a segment to a speaker (dubbing.resource.speaker.segment.create). */
  async addSegment(
    caller: Principal,
    id: string,
    speakerId: string,
    body: { start_time: number; end_time: number; text?: string; translations?: Record<string, string> },
  ): Promise<{ version: number; segmentId: string }> {
    const row = await this.a.row(caller, id, true);
    const speaker = speakerNumber(row, speakerId);
    checkRange(row, body.start_time, body.end_time);
    const translations: Record<string, string> = {};
    for (const [l, t] of Object.entries(body.translations ?? {}))
      translations[this.a.target(row, l)] = t.trim();
    const segment: DubSegment = {
      id: newId(),
      speaker,
      start: body.start_time,
      end: body.end_time,
      text: (body.text ?? '').trim(),
      translations,
    };
    const version = await this.a.save(row, { segments: sorted([...row.segments, segment]) });
    return { version, segmentId: segment.id };
  }

  /** Deletes a segment and its spoken clips. */
  async deleteSegment(caller: Principal, id: string, segmentId: string): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const s = row.segments.find((x) => x.id === segmentId);
    if (!s) throw segmentNotFound();
    return this.a.save(row, { segments: row.segments.filter((x) => x !== s) }, clipPaths([s]));
  }

  /** Moves segments to another speaker (their speech is spoken again in that speaker's voice). */
  async migrateSegments(
    caller: Principal,
    id: string,
    segmentIds: string[],
    speakerId: string,
  ): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const speaker = speakerNumber(row, speakerId);
    if (segmentIds.some((sid) => !row.segments.some((s) => s.id === sid))) throw segmentNotFound();
    return this.a.save(row, {
      segments: row.segments.map((s) => (segmentIds.includes(s.id) ? { ...s, speaker } : s)),
    });
  }

  /** Translates the named segments (all when the list is empty) again from their source text. */
  async translate(
    caller: Principal,
    id: string,
    segmentIds: string[],
    languages?: string[],
  ): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const langs = (languages?.length ? languages : row.targetLangs).map((l) => this.a.target(row, l));
    const chosen = chosenSegments(row, segmentIds);
    const translated = new Map<string, Record<string, string>>();
    for (const to of langs) {
      const out = await this.translateTexts(
        row,
        chosen.map((s) => s.text),
        to,
      );
      chosen.forEach((s, i) => translated.set(s.id, { ...(translated.get(s.id) ?? {}), [to]: out[i] ?? '' }));
    }
    const segments = row.segments.map((s) =>
      translated.has(s.id) ? { ...s, translations: { ...s.translations, ...translated.get(s.id) } } : s,
    );
    return this.a.save(row, { segments });
  }

  private async translateTexts(row: repo.DubRow, texts: string[], to: string): Promise<string[]> {
    const pair = { from: row.sourceLang ?? 'en', to };
    const engine = await this.translators.pick(pair);
    if (!engine)
      throw new AppError(
        422,
        'unsupported_language_pair',
        `No translator here serves ${dubbingLanguageName(pair.from)} to ${dubbingLanguageName(to)}.`,
      );
    return texts.length ? engine.translate(texts, pair) : [];
  }

  /** Adds a target language: every segment is translated into it; it is spoken by `dub` or `render`. */
  async addLanguage(caller: Principal, id: string, language: string | undefined): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const code = dubbingLanguage(language ?? '');
    if (!code)
      throw new AppError(
        422,
        'unsupported_target_language',
        `language ${JSON.stringify(language ?? '')} is not one of the 29 dubbing languages.`,
      );
    if (row.targetLangs.includes(code))
      throw conflict(`The dub is already in ${dubbingLanguageName(code)}.`, 'language_exists');
    if (code === row.sourceLang)
      throw badRequest('The source language cannot be a target language.', 'same_language');
    if (!(await this.speakable()).has(code))
      throw new AppError(
        422,
        'unsupported_target_language',
        `No voice here speaks ${dubbingLanguageName(code)}, so nothing can be dubbed into it.`,
      );
    const out = await this.translateTexts(
      row,
      row.segments.map((s) => s.text),
      code,
    );
    const segments = row.segments.map((s, i) => ({
      ...s,
      translations: { ...s.translations, [code]: out[i] ?? '' },
    }));
    return this.a.save(row, { segments, targetLangs: [...row.targetLangs, code] });
  }

  /**
   * Speaks segments again (dubbing.resource.dub; all when the list is empty) in the languages (all when
   * absent): a job; only segments whose words, slot or voice changed are spoken, and only they are charged.
   */
  async dub(
    caller: Principal,
    requestId: string,
    id: string,
    segmentIds: string[],
    languages?: string[],
  ): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const langs = (languages?.length ? languages : row.targetLangs).map((l) => this.a.target(row, l));
    const segments = segmentIds.length ? chosenSegments(row, segmentIds).map((s) => s.id) : null;
    const r = await this.start(caller, requestId, row, langs, segments, 'Waiting to dub the segments', {
      speak: { segments, languages: langs },
    });
    return r;
  }

  /** Renders a language again from the segments as edited, speaking only what changed (charged for that). */
  async render(
    caller: Principal,
    requestId: string,
    id: string,
    language: string,
    type: string,
  ): Promise<{ version: number; renderId: string }> {
    const row = await this.a.row(caller, id, false, 'edit');
    const code = this.a.target(row, language);
    const made = row.isVideo ? 'mp4' : 'mp3';
    if (type !== made)
      throw new AppError(
        422,
        'unsupported_render_type',
        `render_type ${type} is not made here: a ${row.isVideo ? 'video' : 'audio'} source renders as ${made}.`,
      );
    if (row.status === 'dubbing') throw busy();
    const renderId = newId();
    const version = await this.start(caller, requestId, row, [code], null, 'Waiting to render', {
      render: true,
      renderId,
      language: code,
    });
    return { version, renderId };
  }

  /** Charges the speech to be spoken again, marks the dub as being made and enqueues its job, all or nothing. */
  private async start(
    caller: Principal,
    requestId: string,
    row: repo.DubRow,
    languages: string[],
    segments: string[] | null,
    message: string,
    payload: {
      render?: boolean;
      renderId?: string;
      language?: string;
      speak?: { segments: string[] | null; languages: string[] };
    },
  ): Promise<number> {
    const ws = await this.a.usage.workspaceOf(caller.userId);
    const limit = concurrencyLimit(ws.tier);
    if ((await repo.runningDubs(this.a.db, ws.id)) >= limit) throw tooManyConcurrentRequests(limit);
    const seconds = secondsToSpeak(row, languages, segments);
    const characters = Object.values(seconds).reduce((n, s) => n + (s > 0 ? dubbingCharacters(s) : 0), 0);
    const begin = async (tx: AppDb) => {
      const saved = await repo.updateIdleDub(tx, row.workspaceId, row.id, {
        status: 'dubbing',
        error: null,
        progress: 0,
        progressMessage: message,
      });
      if (!saved) throw busy();
      await enqueue(tx, dubJobSpec, { dubbingId: row.id, ...payload, characters });
      return saved.version;
    };
    if (!characters) return this.a.db.transaction(begin);
    const r = await this.a.usage.reserve({
      userId: caller.userId,
      caller,
      characters,
      requestId,
      source: 'dubbing',
    });
    let version: number | undefined;
    try {
      await this.a.usage.finish(r, true, async (tx) => {
        version = await begin(tx);
      });
      if (version === undefined) throw busy();
      return version;
    } finally {
      if (version === undefined) await this.a.usage.finish(r, false).catch(() => undefined);
    }
  }
}
