/**
 * A workspace's own voices: instant cloning (add), edit, delete, samples. A voice is a fitted profile
 * (voice-fitting.ts); its uploads and their processed 16 kHz WAVs live in file storage. Limits of the
 * plan are checked before any decoding and again, serialized per workspace, in the transaction that
 * stores the voice, so concurrent adds cannot pass them together; a refusal leaves no row and no file.
 */
import { decodeWav } from '@vocalis/speech/audio/wav';
import type { voiceUploadFields } from '@vocalis/contracts/voices';
import { voiceLabelsInput } from '@vocalis/contracts/voices';
import { visibleName } from '@vocalis/contracts/visible-name';
import { customVoiceLimit } from '@vocalis/domain/billing/plans';
import {
  addEditPeriodStart,
  cloningRefusals,
  MAX_SAMPLES_PER_VOICE,
  refuseVoiceAdd,
  refuseVoiceEdit,
} from '@vocalis/domain/voices/voice-cloning';
import { sharingRefusals } from '@vocalis/domain/voices/voice-sharing';
import type { z } from 'zod';
import type { AppDb } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { EngineRegistry } from '../../speech/engines';
import type { FileStorage } from '../../storage/file-storage';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { callerWorkspace } from '../../plugins/auth';
import * as repo from './custom-voices.repo';
import { describeProfile, fitVoiceProfile, speakingVoice } from './voice-fitting';
import {
  checkTotalSpeech,
  prepareSamples,
  refusal,
  SAMPLE_RATE,
  type PreparedSample,
  type UploadedFile,
} from './voice-samples';

const VOICES_READ = 'voices_read';
const VOICES_WRITE = 'voices_write';

export type VoiceUploadFields = z.infer<typeof voiceUploadFields>;

export const voiceNotFound = (id: string) =>
  notFound(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');

const sampleNotFound = (id: string) =>
  notFound(`A sample with the sample_id ${id} was not found.`, 'sample_not_found');

/** The text fields of an add or edit, checked: a visible name, a description, labels as a JSON object. */
function parseFields(fields: VoiceUploadFields) {
  const name = visibleName(100).safeParse(fields.name);
  if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Invalid name.', 'invalid_name');
  let labels: Record<string, string> | undefined;
  if (fields.labels !== undefined && fields.labels !== '') {
    let raw: unknown;
    try {
      raw = JSON.parse(fields.labels);
    } catch {
      throw badRequest(
        'labels must be a JSON object of strings, like {"accent":"british"}.',
        'invalid_labels',
      );
    }
    const parsed = voiceLabelsInput.safeParse(raw);
    if (!parsed.success)
      throw badRequest(
        'labels must be a JSON object of strings, like {"accent":"british"}.',
        'invalid_labels',
      );
    labels = parsed.data;
  }
  return {
    name: name.data,
    description: fields.description,
    labels,
    removeNoise: fields.remove_background_noise ?? false,
  };
}

/** Uploaded files as a list (the parser gives one object for a single file). */
export function uploadsOf(files: unknown): UploadedFile[] {
  if (files === undefined || files === null || files === '') return [];
  const list: unknown[] = Array.isArray(files) ? files : [files];
  const isUpload = (f: unknown): f is UploadedFile =>
    typeof f === 'object' && f !== null && Buffer.isBuffer((f as UploadedFile).data);
  if (!list.every(isUpload))
    throw badRequest(
      'files must be audio files sent as multipart/form-data parts named files.',
      'invalid_files',
    );
  return list;
}

export class CustomVoicesService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly engines: EngineRegistry,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async workspaceFor(caller: KeyCaller, scope: string): Promise<string> {
    if (!hasPermission(caller, scope)) throw missingPermission(scope);
    return (await callerWorkspace(caller, this.workspaces)).id;
  }

  /** The workspace's voices with their samples. */
  async list(workspaceId: string): Promise<{ row: repo.CustomVoiceRow; samples: repo.VoiceSampleRow[] }[]> {
    const rows = await repo.listWorkspaceVoices(this.db, workspaceId);
    const samples = await repo.samplesOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ row, samples: samples.get(row.id) ?? [] }));
  }

  /** One voice of the workspace with its samples, or undefined. */
  async find(workspaceId: string, voiceId: string) {
    const row = await repo.findWorkspaceVoice(this.db, workspaceId, voiceId);
    if (!row) return undefined;
    return { row, samples: (await repo.samplesOf(this.db, [row.id])).get(row.id) ?? [] };
  }

  /**
   * The voice as the speech layer speaks it, or undefined when the workspace has no such voice; a library
   * copy whose owner stopped sharing (copied_disabled) is refused: it is unusable (spec §4).
   */
  async speaking(workspaceId: string, voiceId: string) {
    const row = await repo.findWorkspaceVoice(this.db, workspaceId, voiceId);
    if (row?.copyStatus === 'copied_disabled')
      throw forbidden(sharingRefusals.copiedDisabled(row.name), 'voice_copied_disabled');
    return row && speakingVoice(row);
  }

  /** POST /v1/voices/add: instant cloning. */
  async add(
    caller: KeyCaller,
    fields: VoiceUploadFields,
  ): Promise<{ voice_id: string; requires_verification: boolean }> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const input = parseFields(fields);
    const uploads = uploadsOf(fields.files);
    if (!uploads.length) throw refusal(cloningRefusals.noSamples());
    if (uploads.length > MAX_SAMPLES_PER_VOICE) throw refusal(cloningRefusals.tooManySamples(uploads.length));
    await this.checkAdd(this.db, workspaceId);
    const samples = await prepareSamples(uploads, input.removeNoise);
    checkTotalSpeech(samples);
    const profile = await fitVoiceProfile(
      this.engines,
      samples.map((s) => ({ pcm: s.pcm, sampleRate: SAMPLE_RATE })),
    );
    const voiceId = newId();
    const stored = await this.storeFiles(workspaceId, voiceId, samples, input.removeNoise);
    try {
      await this.db.transaction(async (tx) => {
        await repo.lockWorkspaceVoices(tx, workspaceId);
        await this.checkAdd(tx, workspaceId);
        await repo.insertVoice(tx, {
          id: voiceId,
          workspaceId,
          createdBy: caller.userId,
          name: input.name,
          description: input.description ?? describeProfile(profile),
          category: 'cloned',
          labels: input.labels ?? {},
          profile,
        });
        await repo.insertSamples(tx, stored.rows);
        await repo.recordAddEdit(tx, { id: newId(), workspaceId, voiceId, kind: 'add' });
      });
    } catch (error) {
      await this.removeFiles(stored.keys);
      throw error;
    }
    return { voice_id: voiceId, requires_verification: false };
  }

  /** POST /v1/voices/{id}/edit: name, description, labels; new files are added and the profile refitted. */
  async edit(caller: KeyCaller, voiceId: string, fields: VoiceUploadFields): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const input = parseFields(fields);
    const voice = await this.find(workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    const uploads = uploadsOf(fields.files);
    if (voice.samples.length + uploads.length > MAX_SAMPLES_PER_VOICE)
      throw refusal(cloningRefusals.tooManySamples(voice.samples.length + uploads.length));
    await this.checkEdit(this.db, workspaceId);
    const added = await prepareSamples(uploads, input.removeNoise);
    let profile = voice.row.profile;
    if (added.length) {
      const clips = [
        ...(await this.storedClips(voice.samples)),
        ...added.map((s) => ({ pcm: s.pcm, sampleRate: SAMPLE_RATE })),
      ];
      profile = await fitVoiceProfile(this.engines, clips);
    }
    const stored = await this.storeFiles(workspaceId, voiceId, added, input.removeNoise);
    try {
      await this.db.transaction(async (tx) => {
        await repo.lockWorkspaceVoices(tx, workspaceId);
        await this.checkEdit(tx, workspaceId);
        await repo.updateVoice(tx, workspaceId, voiceId, {
          name: input.name,
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.labels ? { labels: input.labels } : {}),
          profile,
        });
        await repo.insertSamples(tx, stored.rows);
        await repo.recordAddEdit(tx, { id: newId(), workspaceId, voiceId, kind: 'edit' });
      });
    } catch (error) {
      await this.removeFiles(stored.keys);
      throw error;
    }
  }

  private readonly deleteHooks: ((caller: KeyCaller, voiceId: string) => Promise<void>)[] = [];

  /** Runs before an own voice is deleted (the voice library stops sharing it: copies get their notice). */
  onBeforeDelete(hook: (caller: KeyCaller, voiceId: string) => Promise<void>): void {
    this.deleteHooks.push(hook);
  }

  /** DELETE /v1/voices/{id}: the voice, its samples, their files and the workspace's settings for it. */
  async delete(caller: KeyCaller, voiceId: string): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.find(workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    for (const hook of this.deleteHooks) await hook(caller, voiceId);
    const gone = await this.db.transaction((tx) => repo.deleteVoice(tx, workspaceId, voiceId));
    if (!gone) throw voiceNotFound(voiceId);
    await this.removeFiles(voice.samples.flatMap((s) => [s.originalPath, s.processedPath]));
  }

  /** DELETE /v1/voices/{id}/samples/{sample_id}: refits the profile on the samples left. */
  async deleteSample(caller: KeyCaller, voiceId: string, sampleId: string): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.find(workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    const sample = voice.samples.find((s) => s.id === sampleId);
    if (!sample) throw sampleNotFound(sampleId);
    const rest = voice.samples.filter((s) => s.id !== sampleId);
    if (!rest.length)
      throw badRequest('A voice needs at least one sample; delete the voice instead.', 'last_sample');
    const profile = await fitVoiceProfile(this.engines, await this.storedClips(rest));
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteSample(tx, voiceId, sampleId))) throw sampleNotFound(sampleId);
      await repo.updateVoice(tx, workspaceId, voiceId, { profile });
    });
    await this.removeFiles([sample.originalPath, sample.processedPath]);
  }

  /** GET /v1/voices/{id}/samples/{sample_id}/audio: the sample as it was uploaded. */
  async sampleAudio(caller: KeyCaller, voiceId: string, sampleId: string) {
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    const voice = await this.find(workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    const sample = voice.samples.find((s) => s.id === sampleId);
    if (!sample) throw sampleNotFound(sampleId);
    const data = await this.files.get(sample.originalPath);
    if (!data) throw sampleNotFound(sampleId);
    return { data, mimeType: sample.mimeType, fileName: sample.fileName };
  }

  /** The workspace's custom voice count and add/edits this month, for the subscription. */
  counts(workspaceId: string) {
    return repo.voiceCounts(this.db, workspaceId, addEditPeriodStart(this.now()));
  }

  private async checkAdd(db: AppDb, workspaceId: string): Promise<void> {
    const c = await repo.voiceCounts(db, workspaceId, addEditPeriodStart(this.now()));
    const r = refuseVoiceAdd({
      voices: c.voices,
      voiceLimit: customVoiceLimit(c.tier),
      addEditsThisMonth: c.addEdits,
    });
    if (r) throw refusal(r);
  }

  private async checkEdit(db: AppDb, workspaceId: string): Promise<void> {
    const c = await repo.voiceCounts(db, workspaceId, addEditPeriodStart(this.now()));
    const r = refuseVoiceEdit({ voiceLimit: customVoiceLimit(c.tier), addEditsThisMonth: c.addEdits });
    if (r) throw refusal(r);
  }

  private async storedClips(samples: repo.VoiceSampleRow[]) {
    const clips = [];
    for (const s of samples) {
      const wav = await this.files.get(s.processedPath);
      if (!wav) throw new Error(`voice sample ${s.id}: processed audio missing in storage`);
      const decoded = decodeWav(wav);
      clips.push({ pcm: decoded.pcm, sampleRate: decoded.sampleRate });
    }
    return clips;
  }

  private async storeFiles(
    workspaceId: string,
    voiceId: string,
    samples: PreparedSample[],
    removeNoise: boolean,
  ) {
    const keys: string[] = [];
    const rows: repo.NewVoiceSample[] = [];
    try {
      for (const s of samples) {
        const id = newId();
        const base = `voices/${workspaceId}/${voiceId}/${id}`;
        // Distinct names: an uploaded WAV must not share its key with the processed one.
        const originalPath = `${base}.original.${s.type}`;
        const processedPath = `${base}.16k.wav`;
        await this.files.put(originalPath, s.file.data);
        keys.push(originalPath);
        await this.files.put(processedPath, s.wav);
        keys.push(processedPath);
        rows.push({
          id,
          voiceId,
          workspaceId,
          fileName: s.file.filename,
          mimeType: s.file.mimetype,
          sizeBytes: s.file.data.byteLength,
          hash: s.hash,
          durationSeconds: s.durationSeconds,
          originalPath,
          processedPath,
          removeBackgroundNoise: removeNoise,
        });
      }
    } catch (error) {
      await this.removeFiles(keys);
      throw error;
    }
    return { keys, rows };
  }

  private async removeFiles(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.files.delete(k).catch(() => undefined)));
  }
}
