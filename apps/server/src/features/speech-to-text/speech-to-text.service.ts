/**
 * Speech to text (ElevenLabs speechToText.convert and transcripts, OpenAI audio.transcriptions) and forced
 * alignment (decisions 090-092). Every call checks the caller's workspace, picks an engine for the model and
 * language before any work, debits the audio's seconds against the plan's allowance in one statement, and
 * refunds them when the work fails. Transcripts belong to the workspace that made them.
 */
import type { SpeechToTextFields } from '@vocalis/contracts/speech-to-text';
import {
  transcriptionQuotaMessage,
  transcriptionSecondsLimit,
} from '@vocalis/domain/transcripts/speech-to-text-rules';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { alignText, type Alignment } from '@vocalis/speech/stt/forced-align';
import { toIso1 } from '@vocalis/speech/stt/stt-engine';
import type { AppDb } from '../../db/client';
import type { TranscriptOptions } from '../../db/schema/transcripts';
import { AppError, badRequest, notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import type { Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { FileStorage } from '../../storage/file-storage';
import { parseAdditionalFormats, type ExportRequest } from './export-formats';
import { decodeMedia, fetchMedia, RATE, uploadedMedia, type Media } from './media-input';
import type { SttEngines } from './stt-engines';
import { assertWebhookUsable } from '../webhooks/webhook-events';
import { transcribeAudio } from './transcribe-audio';
import { transcribeJobSpec } from './transcribe.job';
import * as repo from './transcripts.repo';
import { presentSummary } from './transcripts.presenter';

export const transcriptNotFound = () => notFound('Transcript not found.', 'transcript_not_found');

type Workspaces = { workspaceOf(userId: string): Promise<{ id: string; tier: string }> };

export interface ConvertRequest {
  caller: Principal;
  requestId: string;
  fields: SpeechToTextFields;
  source: 'api' | 'openai' | 'app';
  signal?: AbortSignal;
}

export type ConvertOutcome =
  | { kind: 'completed'; row: repo.TranscriptRow; formats: ExportRequest[] }
  | { kind: 'accepted'; row: repo.TranscriptRow };

export class SpeechToTextService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly bus: EventBus,
    private readonly engines: SttEngines,
    private readonly workspaces: Workspaces,
    /** Whether cloud_storage_url may point at private and loopback addresses (decision 044). */
    private readonly outbound: { allowPrivate: boolean } = { allowPrivate: false },
  ) {}

  private async workspaceOf(caller: Principal): Promise<{ id: string; tier: string }> {
    return caller.workspace ?? this.workspaces.workspaceOf(caller.userId);
  }

  /** The request's media: exactly one of file and cloud_storage_url (source_url is read the same way). */
  private async media(file: unknown, url: string | undefined, signal?: AbortSignal): Promise<Media> {
    const upload = uploadedMedia(file);
    if (upload && url)
      throw badRequest('Send either file or cloud_storage_url, not both.', 'invalid_request');
    if (upload) return upload;
    if (url) return fetchMedia(url, this.outbound.allowPrivate, signal);
    throw badRequest('Send the audio as file or give its cloud_storage_url.', 'missing_file');
  }

  /** Debits the seconds or refuses with 401 quota_exceeded (the ElevenLabs status for an exhausted quota). */
  private async charge(ws: { id: string; tier: string }, seconds: number): Promise<number> {
    const limit = transcriptionSecondsLimit(ws.tier);
    const charged = Math.round(seconds * 1000) / 1000;
    if ((await repo.debitSeconds(this.db, ws.id, charged, limit)) === null) {
      const used = await repo.secondsUsed(this.db, ws.id);
      throw new AppError(401, 'quota_exceeded', transcriptionQuotaMessage(limit - used, seconds));
    }
    return charged;
  }

  /** POST /v1/speech-to-text (and the page): transcribes now, or in a job when webhook is true. */
  async convert(r: ConvertRequest): Promise<ConvertOutcome> {
    const f = r.fields;
    const ws = await this.workspaceOf(r.caller);
    const formats = parseAdditionalFormats(f.additional_formats);
    if (f.webhook_id !== undefined && !f.webhook)
      throw badRequest('webhook_id is only valid when webhook is true.', 'invalid_request');
    if (f.num_speakers !== undefined && !f.diarize && f.num_speakers > 1)
      throw badRequest('num_speakers needs diarize=true.', 'invalid_request');
    let language: string | undefined;
    if (f.language_code) {
      language = toIso1(f.language_code) ?? undefined;
      if (!language)
        throw badRequest(
          `language_code ${JSON.stringify(f.language_code)} is not an ISO-639 code.`,
          'invalid_language_code',
        );
    }
    const engine = this.engines.pick(f.model_id, language);
    const media = await this.media(f.file, f.cloud_storage_url ?? f.source_url, r.signal);
    const pcm = await decodeMedia(media, f.file_format === 'pcm_s16le_16');
    const seconds = pcm.length / RATE;
    const options: TranscriptOptions = {
      granularity: f.timestamps_granularity ?? 'word',
      diarize: f.diarize ?? false,
      numSpeakers: f.num_speakers ?? null,
      tagAudioEvents: f.tag_audio_events ?? true,
      additionalFormats: formats,
    };
    const base = {
      id: newId(),
      workspaceId: ws.id,
      createdBy: r.caller.userId,
      source: r.source,
      modelId: f.model_id,
      engine: engine.id,
      fileName: media.fileName,
      requestedLanguage: language ?? null,
      audioDurationSecs: seconds,
      options,
    };
    if (f.webhook_id) await assertWebhookUsable(this.db, r.caller, f.webhook_id);
    const charged = await this.charge(ws, seconds);
    if (f.webhook) {
      options.webhook = { requestId: r.requestId, webhookId: f.webhook_id ?? null };
      const audioPath = `transcripts/${base.id}.wav`;
      try {
        await this.files.put(audioPath, encodeWav(pcm, RATE));
        const row = await this.db.transaction(async (tx) => {
          const inserted = await repo.insertTranscript(tx, {
            ...base,
            status: 'processing',
            chargedSeconds: charged,
            audioPath,
          });
          await enqueue(tx, transcribeJobSpec, { transcriptId: inserted.id });
          return inserted;
        });
        this.publish('insert', row);
        return { kind: 'accepted', row };
      } catch (err) {
        await repo.refundSeconds(this.db, ws.id, charged);
        await this.files.delete(audioPath).catch(() => undefined);
        throw err;
      }
    }
    try {
      const out = await transcribeAudio(engine, pcm, language, options, r.signal);
      const row = await repo.insertTranscript(this.db, {
        ...base,
        status: 'completed',
        chargedSeconds: charged,
        words: out.words,
        text: out.text,
        languageCode: out.languageCode,
        languageProbability: out.languageProbability,
        completedAt: new Date(),
      });
      this.publish('insert', row);
      return { kind: 'completed', row, formats };
    } catch (err) {
      await repo.refundSeconds(this.db, ws.id, charged);
      throw err;
    }
  }

  /** GET /v1/speech-to-text/transcripts/:id: a completed transcript (409 while its job runs). */
  async get(caller: Principal, id: string): Promise<{ row: repo.TranscriptRow; formats: ExportRequest[] }> {
    const ws = await this.workspaceOf(caller);
    const row = await repo.findTranscript(this.db, ws.id, id);
    if (!row) throw transcriptNotFound();
    if (row.status === 'processing')
      throw new AppError(
        409,
        'transcript_processing',
        'The transcript is still being made; try again shortly.',
      );
    if (row.status === 'failed')
      throw new AppError(422, 'transcript_failed', row.error ?? 'The transcription failed.');
    return { row, formats: row.options.additionalFormats as ExportRequest[] };
  }

  async list(caller: Principal, pageSize: number): Promise<{ rows: repo.TranscriptRow[]; hasMore: boolean }> {
    const ws = await this.workspaceOf(caller);
    const rows = await repo.listTranscripts(this.db, ws.id, pageSize + 1);
    return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
  }

  /** DELETE /v1/speech-to-text/transcripts/:id (a pending job finds no row and does nothing). */
  async delete(caller: Principal, id: string): Promise<void> {
    const ws = await this.workspaceOf(caller);
    const row = await this.db.transaction(async (tx) => {
      const gone = await repo.deleteTranscript(tx, ws.id, id);
      if (gone?.audioPath) await discardFiles(tx, [gone.audioPath]);
      return gone;
    });
    if (!row) throw transcriptNotFound();
    this.bus.publish({
      collection: 'transcript',
      op: 'delete',
      id,
      data: null,
      audience: { workspaceIds: [ws.id] },
    });
  }

  /** POST /v1/forced-alignment: the text's words and characters placed on the audio (decision 093). */
  async align(caller: Principal, file: unknown, text: string, signal?: AbortSignal): Promise<Alignment> {
    const ws = await this.workspaceOf(caller);
    if (!text.trim()) throw badRequest('text must not be empty.', 'invalid_text');
    const engine = this.engines.pick('scribe_v1', undefined);
    const media = uploadedMedia(file);
    if (!media) throw badRequest('Send the audio as file.', 'missing_file');
    const pcm = await decodeMedia(media);
    const charged = await this.charge(ws, pcm.length / RATE);
    try {
      const heard = await engine.transcribe(pcm, RATE, { signal });
      return alignText(text, heard.words, pcm.length / RATE);
    } catch (err) {
      await repo.refundSeconds(this.db, ws.id, charged);
      throw err;
    }
  }

  private publish(op: 'insert' | 'update', row: repo.TranscriptRow) {
    this.bus.publish({
      collection: 'transcript',
      op,
      id: row.id,
      data: presentSummary(row),
      audience: { workspaceIds: [row.workspaceId] },
    });
  }
}
