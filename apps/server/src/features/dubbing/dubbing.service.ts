/**
 * Dubbing (decisions 140-143): checks a request up front (languages, a translator for the pair, a voice
 * for the target, the media and its range, the plan's concurrency), charges the workspace by the minute of
 * source, keeps the source and enqueues the dub job in one transaction. Another workspace's dubs answer 404.
 */
import type {
  DubbingCreateFields,
  DubbingLanguages,
  DubbingPage,
  DubbingTranscriptJson,
} from '@vocalis/contracts/dubbing';
import { dubbingLanguage } from '@vocalis/domain/dubbing/dubbing-languages';
import { parseDubbingCsv } from '@vocalis/domain/dubbing/dubbing-csv';
import { dubbingCharacters, dubbingRange, MAX_DUBBING_SECONDS } from '@vocalis/domain/dubbing/dubbing-rules';
import { concurrencyLimit } from '@vocalis/domain/plan-limits';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { detectLanguage } from '@vocalis/speech/translate/detect-language';
import type { TranslatorSet } from '@vocalis/speech/translate/translator';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import type { DubOptions } from '../../db/schema/dubs';
import { AppError, badRequest, notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import type { SttEngines } from '../speech-to-text/stt-engines';
import { tooManyConcurrentRequests, type UsageService } from '../usage/usage.service';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { clipPaths } from './dub-clips';
import { dubJobSpec } from './dub.job-spec';
import {
  fetchSource,
  hasVideo,
  sourceAudio,
  SOURCE_RATE,
  uploadedCsv,
  uploadedSource,
} from './dubbing-input';
import { checkDubbingPair, dubbingLanguages } from './dubbing-pairs';
import { dubTranscript } from './dubbing-transcript';
import { presentDub } from './dubbing.presenter';
import * as repo from './dubbing.repo';

export const dubNotFound = () => notFound('Dubbing not found.', 'dubbing_not_found');
const unprocessable = (code: string, message: string) => new AppError(422, code, message);

export class DubbingService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly usage: UsageService,
    private readonly translators: TranslatorSet,
    private readonly stt: SttEngines,
    private readonly voices: SpeechEngine,
    private readonly opts: { allowPrivate: boolean },
  ) {}

  /** The languages and pairs this server can dub. */
  languages(): Promise<DubbingLanguages> {
    return dubbingLanguages(this.translators, this.voices);
  }

  async create(
    caller: Principal,
    requestId: string,
    f: DubbingCreateFields,
  ): Promise<{ id: string; expected: number }> {
    const manual = f.mode === 'manual';
    if (!f.target_lang) throw badRequest('target_lang is required.', 'missing_target_lang');
    const target = dubbingLanguage(f.target_lang);
    if (!target)
      throw unprocessable(
        'unsupported_target_language',
        `target_lang ${JSON.stringify(f.target_lang)} is not one of the 29 dubbing languages.`,
      );
    const requestedSource = (f.source_lang ?? 'auto').trim().toLowerCase();
    const source = requestedSource === 'auto' ? null : dubbingLanguage(requestedSource);
    if (requestedSource !== 'auto' && !source)
      throw unprocessable(
        'unsupported_source_language',
        `source_lang ${JSON.stringify(f.source_lang)} is not auto or one of the 29 dubbing languages.`,
      );
    const csvText = uploadedCsv(f.csv_file);
    if (manual && !csvText) throw badRequest('Manual mode needs a csv_file.', 'missing_csv_file');
    const csv = csvText === undefined ? undefined : parseDubbingCsv(csvText, f.csv_fps);
    if (csv && 'error' in csv) throw badRequest(csv.error, 'invalid_csv');
    const upload = uploadedSource(f.file);
    if (upload && f.source_url)
      throw badRequest('Send either file or source_url, not both.', 'invalid_source');
    if (!upload && !f.source_url) throw badRequest('Send the media as file or source_url.', 'missing_source');
    let sourceLang: string | null = source;
    if (manual && !sourceLang && csv && !('error' in csv))
      sourceLang = detectLanguage(csv.segments.map((s) => s.transcription).join(' '));
    await checkDubbingPair(await this.languages(), this.stt, sourceLang, target, manual);

    const ws = await this.usage.workspaceOf(caller.userId);
    const limit = concurrencyLimit(ws.tier);
    if ((await repo.runningDubs(this.db, ws.id)) >= limit) throw tooManyConcurrentRequests(limit);

    const media = upload ?? (await fetchSource(f.source_url!, this.opts.allowPrivate));
    const pcm = await sourceAudio(media.bytes);
    const duration = pcm.length / SOURCE_RATE;
    const range = dubbingRange(duration, f.start_time, f.end_time);
    if ('error' in range) throw badRequest(range.error, 'invalid_time_range');
    const seconds = range.end - range.start;
    if (seconds > MAX_DUBBING_SECONDS)
      throw badRequest(
        `The part to dub is longer than ${MAX_DUBBING_SECONDS / 60} minutes.`,
        'media_too_long',
      );
    const isVideo = await hasVideo(media.bytes);
    const foreground = manual ? uploadedSource(f.foreground_audio_file, 'foreground_audio_file') : undefined;
    const background = manual ? uploadedSource(f.background_audio_file, 'background_audio_file') : undefined;

    const characters = dubbingCharacters(seconds);
    const r = await this.usage.reserve({
      userId: caller.userId,
      caller,
      characters,
      requestId,
      source: 'dubbing',
    });
    const id = newId();
    const dir = `dubbing/${r.workspaceId}/${id}`;
    const sourcePath = `${dir}/source.${media.type}`;
    const extraPaths = {
      ...(foreground && { foreground: `${dir}/foreground.${foreground.type}` }),
      ...(background && { background: `${dir}/background.${background.type}` }),
    };
    const options: DubOptions = {
      numSpeakers: f.num_speakers ?? 0,
      startTime: f.start_time ?? null,
      endTime: f.end_time ?? null,
      watermark: f.watermark ?? false,
      highestResolution: f.highest_resolution ?? false,
      dropBackgroundAudio: f.drop_background_audio ?? false,
      useProfanityFilter: f.use_profanity_filter ?? false,
      dubbingStudio: f.dubbing_studio ?? false,
      mode: manual ? 'manual' : 'automatic',
    };
    const expected = Math.round(10 + seconds * 1.5);
    const paths = [sourcePath, ...Object.values(extraPaths)];
    let kept = false;
    try {
      await this.files.put(sourcePath, media.bytes);
      if (foreground) await this.files.put(extraPaths.foreground!, foreground.bytes);
      if (background) await this.files.put(extraPaths.background!, background.bytes);
      await this.usage.finish(r, true, async (tx) => {
        await repo.insertDub(tx, {
          id,
          workspaceId: r.workspaceId,
          userId: caller.userId,
          name: f.name?.trim() || media.fileName || 'Untitled dub',
          status: 'dubbing',
          requestedSourceLang: requestedSource,
          sourceLang,
          targetLangs: [target],
          options,
          sourcePath,
          sourceType: media.type,
          isVideo,
          durationSeconds: duration,
          extraPaths,
          characters,
          expectedDuration: expected,
          progressMessage: 'Waiting to start',
          segments:
            csv && !('error' in csv)
              ? csv.segments.map((s) => ({
                  id: newId(),
                  speaker: speakerIndex(
                    csv.segments.map((x) => x.speaker),
                    s.speaker,
                  ),
                  start: s.start,
                  end: s.end,
                  text: s.transcription,
                  translations: { [target]: s.translation },
                }))
              : [],
        });
        await enqueue(tx, dubJobSpec, { dubbingId: id });
        kept = true;
      });
      if (!kept) throw new Error('the reservation was gone: nothing kept');
      return { id, expected };
    } finally {
      if (!kept) {
        await this.usage.finish(r, false).catch(() => undefined);
        await Promise.all(paths.map((p) => this.files.delete(p))).catch(() => undefined);
      }
    }
  }

  async list(
    caller: Principal,
    q: { cursor?: string; page_size: number; dubbing_status?: string },
  ): Promise<DubbingPage> {
    const ws = await callerWorkspace(caller, this.usage);
    let after: { createdAt: Date; id: string } | undefined;
    if (q.cursor) {
      const at = await repo.findDub(this.db, ws.id, q.cursor);
      if (!at) throw badRequest('cursor is not a dub of this workspace.', 'invalid_cursor');
      after = { createdAt: at.createdAt, id: at.id };
    }
    const rows = await repo.listDubs(this.db, ws.id, {
      visible: (await ResourceAccess.load(this.db, caller, 'dubbing')).visibility(),
      limit: q.page_size + 1,
      after,
      status: q.dubbing_status,
    });
    const page = rows.slice(0, q.page_size);
    const more = rows.length > q.page_size;
    return { dubs: page.map(presentDub), next_cursor: more ? page.at(-1)!.id : null, has_more: more };
  }

  /** The dub, when the caller may read it (shared resources, decision 165); 404 otherwise. */
  async get(caller: Principal, id: string): Promise<repo.DubRow> {
    const ws = await callerWorkspace(caller, this.usage);
    const row = await repo.findDub(this.db, ws.id, id);
    if (!row) throw dubNotFound();
    (await ResourceAccess.load(this.db, caller, 'dubbing')).require(row.id, row.userId, 'read', dubNotFound);
    return row;
  }

  /** Deletes a dub and its files; a dub still being made stops (its job finds the row gone). */
  async delete(caller: Principal, id: string): Promise<void> {
    const ws = await callerWorkspace(caller, this.usage);
    const found = await repo.findDub(this.db, ws.id, id);
    if (!found) throw dubNotFound();
    (await ResourceAccess.load(this.db, caller, 'dubbing')).require(
      found.id,
      found.userId,
      'delete',
      dubNotFound,
    );
    const keys = await this.db.transaction(async (tx) => {
      const row = await repo.deleteDub(tx, ws.id, id);
      if (!row) throw dubNotFound();
      const files = [
        row.sourcePath,
        ...Object.values(row.extraPaths),
        ...Object.values(row.outputs).map((o) => o.path),
        ...clipPaths(row.segments),
      ].filter((p): p is string => !!p);
      await discardFiles(tx, files);
      return files;
    });
    await Promise.all(keys.map((key) => this.files.delete(key))).catch(() => undefined);
  }

  /** The dubbed media of one language (mp4 for a video source, mp3 for audio). */
  async output(
    caller: Principal,
    id: string,
    language: string,
  ): Promise<{ file: StoredFile; contentType: string }> {
    const row = await this.get(caller, id);
    const code = dubbingLanguage(language) ?? language;
    const out = row.outputs[code];
    if (!out) {
      if (row.targetLangs.includes(code) && row.status === 'dubbing')
        throw new AppError(425, 'dubbing_in_progress', 'The dub is still being made.');
      throw notFound(`The dub has no audio in ${JSON.stringify(language)}.`, 'language_not_found');
    }
    const file = await this.files.open(out.path);
    if (!file) throw notFound(`The dub has no audio in ${JSON.stringify(language)}.`, 'language_not_found');
    return { file, contentType: out.contentType };
  }

  /** The dubbed audio of one language as mp3: a video dub's audio track taken out of its mp4. */
  async outputAudio(caller: Principal, id: string, language: string): Promise<Uint8Array> {
    const { file, contentType } = await this.output(caller, id, language);
    const chunks: Buffer[] = [];
    for await (const c of file.read()) chunks.push(Buffer.from(c as Uint8Array));
    const bytes = new Uint8Array(Buffer.concat(chunks));
    if (contentType === 'audio/mpeg') return bytes;
    return encodeAudio(await decodeAudio(bytes, 44100), 44100, 'mp3_44100_128');
  }

  /** Subtitles of the source (`source`) or of a dubbed language, at the times its speech landed. */
  async transcript(
    caller: Principal,
    id: string,
    language: string,
    format: 'srt' | 'webvtt',
  ): Promise<string>;
  async transcript(
    caller: Principal,
    id: string,
    language: string,
    format: 'json',
  ): Promise<DubbingTranscriptJson>;
  async transcript(
    caller: Principal,
    id: string,
    language: string,
    format: 'srt' | 'webvtt' | 'json',
  ): Promise<string | DubbingTranscriptJson> {
    return dubTranscript(await this.get(caller, id), language, format);
  }
}

/** Speakers of a CSV numbered in order of first appearance. */
function speakerIndex(all: string[], speaker: string): number {
  return [...new Set(all)].indexOf(speaker);
}
