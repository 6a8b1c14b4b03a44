/**
 * A workspace's own voices: instant cloning (add), edit, delete, samples. A voice is a fitted profile
 * (voice-fitting.ts); its uploads and their processed 16 kHz WAVs live in file storage. Limits of the
 * plan are checked before any decoding and again, serialized per workspace, in the transaction that
 * stores the voice, so concurrent adds cannot pass them together; a refusal leaves no row and no file.
 */
import { decodeWav } from '@vocalis/speech/audio/wav';
import { customVoiceLimit } from '@vocalis/domain/billing/plans';
import {
  addEditPeriodStart,
  cloningRefusals,
  MAX_SAMPLES_PER_VOICE,
  refuseVoiceAdd,
  refuseVoiceEdit,
} from '@vocalis/domain/voices/voice-cloning';
import { sharingRefusals } from '@vocalis/domain/voices/voice-sharing';
import { pvcRefusals } from '@vocalis/domain/voices/professional-cloning';
import type { AppDb } from '../../db/client';
import { cachedRead } from '../../db/read-cache';
import { ResourceAccess, type ResourceCaller } from '../../auth/resource-access';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { badRequest, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { EngineRegistry } from '../../speech/engines';
import type { FileStorage } from '../../storage/file-storage';
import { hasPermission, type KeyCaller } from '../api-keys/api-keys.policy';
import { missingPermission } from '../api-keys/api-keys.service';
import { callerWorkspace } from '../../plugins/auth';
import type { CloneSpeakers } from './clone-speakers';
import * as repo from './custom-voices.repo';
import { parseFields, uploadsOf, type VoiceUploadFields } from './voice-upload-fields';
import type { CustomVoicePreviews } from './custom-voice-previews';
import { describeProfile, fitVoiceProfile, speakingVoice } from './voice-fitting';
import { checkTotalSpeech, prepareSamples, refusal, SAMPLE_RATE } from './voice-samples';
import { removeSampleFiles, storeSampleFiles } from './voice-sample-files';

const VOICES_READ = 'voices_read';
const VOICES_WRITE = 'voices_write';

export const voiceNotFound = (id: string) =>
  notFound(`A voice with the voice_id ${id} was not found.`, 'voice_not_found');

const voiceBlocked = (id: string) =>
  forbidden(`The voice ${id} has been blocked and cannot be used to generate speech.`, 'voice_blocked');

const sampleNotFound = (id: string) =>
  notFound(`A sample with the sample_id ${id} was not found.`, 'sample_not_found');

export class CustomVoicesService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly engines: EngineRegistry,
    private readonly workspaces: { workspaceOf(userId: string): Promise<{ id: string }> },
    /** The voice cloning server's speakers, when SPEECH_CLONE_URL is set (decision 076). */
    private readonly clones?: CloneSpeakers,
    private readonly now: () => Date = () => new Date(),
    /** Preview clips; `warm` renders a new version's clip in the background (off under tests). */
    private readonly previews?: { clips: CustomVoicePreviews; warm: boolean },
  ) {}

  private async workspaceFor(caller: KeyCaller, scope: string): Promise<string> {
    if (!hasPermission(caller, scope)) throw missingPermission(scope);
    return (await callerWorkspace(caller, this.workspaces)).id;
  }

  /** The workspace's voices with their samples. */
  async list(workspaceId: string): Promise<{ row: repo.CustomVoiceRow; samples: repo.VoiceSampleRow[] }[]> {
    // Kept in memory until any of its tables changes (decision 043).
    return cachedRead(this.db, `own-voices:${workspaceId}`, async () => {
      const rows = await repo.listWorkspaceVoices(this.db, workspaceId);
      const samples = await repo.samplesOf(
        this.db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({ row, samples: samples.get(row.id) ?? [] }));
    });
  }

  /** One voice of the workspace with its samples, or undefined. */
  /** The workspace's voices the caller may read (shared resources, decision 165). */
  async listFor(caller: KeyCaller, workspaceId: string) {
    const all = await this.list(workspaceId);
    const access = await ResourceAccess.load(this.db, caller, 'voice');
    return all.filter(({ row }) => access.can(row.id, row.createdBy, 'read'));
  }

  /**
   * One voice of the workspace the caller may `action` (decision 165): one they may not read answers 404 like
   * another workspace's, one they may read but not change 403.
   */
  async findFor(caller: KeyCaller, workspaceId: string, voiceId: string, action: ResourceAction = 'read') {
    const voice = await this.find(workspaceId, voiceId);
    if (!voice) throw voiceNotFound(voiceId);
    const access = await ResourceAccess.load(this.db, caller, 'voice');
    access.require(voice.row.id, voice.row.createdBy, action, () => voiceNotFound(voiceId));
    return voice;
  }

  async find(workspaceId: string, voiceId: string) {
    const row = await repo.findWorkspaceVoice(this.db, workspaceId, voiceId);
    if (!row) return undefined;
    return { row, samples: (await repo.samplesOf(this.db, [row.id])).get(row.id) ?? [] };
  }

  /**
   * The voice as the speech layer speaks it, or undefined when the workspace has no such voice. A library
   * copy whose owner stopped sharing (copied_disabled) is refused: it is unusable (spec §4); for a
   * generation, so is a voice under safety_control BAN (content-and-workspace.md §4 voice safety).
   */
  async speaking(
    workspaceId: string,
    voiceId: string,
    purpose: 'read' | 'generate' = 'read',
    caller?: ResourceCaller,
  ) {
    const row = await this.usableRow(workspaceId, voiceId, purpose, caller);
    return row && speakingVoice(row);
  }

  /**
   * The workspace's voice, when usable; with a `caller`, only one they may read (shared resources, decision
   * 165): another member's private voice answers 404 as if it did not exist, before anything else is said
   * about it.
   */
  private async usableRow(
    workspaceId: string,
    voiceId: string,
    purpose: 'read' | 'generate',
    caller?: ResourceCaller,
  ) {
    const row = await repo.findWorkspaceVoice(this.db, workspaceId, voiceId);
    if (row && caller)
      (await ResourceAccess.load(this.db, caller, 'voice')).require(row.id, row.createdBy, 'read', () =>
        voiceNotFound(voiceId),
      );
    if (row?.copyStatus === 'copied_disabled')
      throw forbidden(sharingRefusals.copiedDisabled(row.name), 'voice_copied_disabled');
    if (row?.safetyControl === 'BAN' && purpose === 'generate') throw voiceBlocked(voiceId);
    // A professional voice speaks once trained (decision 084): before that it has no fitted profile.
    if (row?.pvc && purpose === 'generate' && !Object.values(row.pvc.state).includes('fine_tuned'))
      throw refusal(pvcRefusals.notTrained(row.name));
    return row;
  }

  /**
   * The voice as speech requests speak it: with a cloning server configured, a voice with samples also
   * carries its speaker there (uploaded on first use), which the default model then speaks through.
   */
  async speakingForSpeech(workspaceId: string, voiceId: string, caller?: ResourceCaller) {
    const row = await this.usableRow(workspaceId, voiceId, 'generate', caller);
    if (!row) return undefined;
    const voice = speakingVoice(row);
    if (!this.clones) return voice;
    const samples = (await repo.samplesOf(this.db, [row.id])).get(row.id) ?? [];
    const speakerId = await this.clones.speakerFor(row, samples);
    return speakerId ? { ...voice, clone: { speakerId } } : voice;
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
    const stored = await storeSampleFiles(this.files, { workspaceId, voiceId }, samples, input.removeNoise);
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
      await removeSampleFiles(this.files, stored.keys);
      throw error;
    }
    this.warmPreview({
      id: voiceId,
      workspaceId,
      name: input.name,
      profile,
      labels: input.labels ?? {},
      language: 'en',
    });
    return { voice_id: voiceId, requires_verification: false };
  }

  /** POST /v1/voices/{id}/edit: name, description, labels; new files are added and the profile refitted. */
  async edit(caller: KeyCaller, voiceId: string, fields: VoiceUploadFields): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    await this.findFor(caller, workspaceId, voiceId, 'edit');
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
    const stored = await storeSampleFiles(this.files, { workspaceId, voiceId }, added, input.removeNoise);
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
      await removeSampleFiles(this.files, stored.keys);
      throw error;
    }
    if (profile !== voice.row.profile) await this.replacePreview(voice.row, { ...voice.row, profile });
  }

  private readonly deleteHooks: ((caller: KeyCaller, voiceId: string) => Promise<void>)[] = [];

  /** Runs before an own voice is deleted (the voice library stops sharing it: copies get their notice). */
  onBeforeDelete(hook: (caller: KeyCaller, voiceId: string) => Promise<void>): void {
    this.deleteHooks.push(hook);
  }

  /** DELETE /v1/voices/{id}: the voice, its samples, their files and the workspace's settings for it. */
  async delete(caller: KeyCaller, voiceId: string): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.findFor(caller, workspaceId, voiceId, 'delete');
    for (const hook of this.deleteHooks) await hook(caller, voiceId);
    const gone = await this.db.transaction((tx) => repo.deleteVoice(tx, workspaceId, voiceId));
    if (!gone) throw voiceNotFound(voiceId);
    await removeSampleFiles(this.files, [
      ...voice.samples.flatMap((s) => [s.originalPath, s.processedPath]),
      ...(voice.row.pvc?.knownReading ? [voice.row.pvc.knownReading.path] : []),
    ]);
    await this.previews?.clips.drop(voice.row);
    // The speaker on the cloning server goes too; a server that is down keeps an orphan, not an error.
    await this.clones?.forget(voice.row).catch(() => undefined);
  }

  /** DELETE /v1/voices/{id}/samples/{sample_id}: refits the profile on the samples left. */
  async deleteSample(caller: KeyCaller, voiceId: string, sampleId: string): Promise<void> {
    const workspaceId = await this.workspaceFor(caller, VOICES_WRITE);
    const voice = await this.findFor(caller, workspaceId, voiceId, 'edit');
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
    await removeSampleFiles(this.files, [sample.originalPath, sample.processedPath]);
    await this.replacePreview(voice.row, { ...voice.row, profile });
  }

  /** The version of the voice's preview clip (its URL carries it, so a refit voice gets a new URL). */
  previewVersion(row: repo.CustomVoiceRow): string | null {
    return this.previews ? this.previews.clips.version(row) : null;
  }

  /** GET /v1/voices/{id}/preview of a workspace voice: its clip, for callers of its workspace only. */
  async preview(caller: KeyCaller | undefined, voiceId: string) {
    if (!caller || !this.previews) throw voiceNotFound(voiceId);
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    const { row } = await this.findFor(caller, workspaceId, voiceId);
    return { file: await this.previews.clips.open(row), version: this.previews.clips.version(row) };
  }

  private warmPreview(row: Parameters<CustomVoicePreviews['warm']>[0]): void {
    if (this.previews?.warm) this.previews.clips.warm(row);
  }

  /** A refit changed the voice's sound: the old version's clip goes, the new one is rendered. */
  private async replacePreview(before: repo.CustomVoiceRow, after: repo.CustomVoiceRow): Promise<void> {
    if (!this.previews) return;
    if (this.previews.clips.version(before) === this.previews.clips.version(after)) return;
    await this.previews.clips.drop(before);
    this.warmPreview(after);
  }

  /** GET /v1/voices/{id}/samples/{sample_id}/audio: the sample as it was uploaded. */
  async sampleAudio(caller: KeyCaller, voiceId: string, sampleId: string) {
    const workspaceId = await this.workspaceFor(caller, VOICES_READ);
    const voice = await this.findFor(caller, workspaceId, voiceId);
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

  /** Refuses a new voice over the plan's custom-voice or monthly add/edit limit (voice design uses it too). */
  async checkAdd(db: AppDb, workspaceId: string): Promise<void> {
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
}
