/**
 * A professional voice's samples: upload many, rename, choose speakers, delete, listen, waveform, and
 * speaker separation (packages/speech/src/profile/speakers.ts, decision 085). Separation runs in the
 * request: it is signal processing on the stored 16 kHz audio (about 0.1 s per 10 s of speech here).
 */
import { decodeWav, encodeWav } from '@vocalis/speech/audio/wav';
import { separateSpeakers, speakerAudio } from '@vocalis/speech/profile/speakers';
import { MAX_PVC_SAMPLES, pvcRefusals } from '@vocalis/domain/voices/professional-cloning';
import { cloningRefusals } from '@vocalis/domain/voices/voice-cloning';
import type { z } from 'zod';
import type { updatePvcSampleRequest } from '@vocalis/contracts/pvc';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { FileStorage } from '../../storage/file-storage';
import type { KeyCaller } from '../api-keys/api-keys.policy';
import * as voicesRepo from '../voices/custom-voices.repo';
import { prepareSample, prepareSamples, refusal, type UploadedFile } from '../voices/voice-samples';
import { newId } from '../../lib/ids';
import { removeSampleFiles, storeSampleFiles } from '../voices/voice-sample-files';
import {
  professionalVoice,
  refused,
  VOICES_READ,
  VOICES_WRITE,
  workspaceFor,
  type Workspaces,
} from './pvc-access';
import * as repo from './pvc.repo';

const sampleNotFound = (id: string) =>
  notFound(`A sample with the sample_id ${id} was not found.`, 'sample_not_found');
const speakerNotFound = (id: string) =>
  notFound(`A speaker with the speaker_id ${id} was not found.`, 'speaker_not_found');
/** Points in a sample's visual waveform. */
const WAVEFORM_POINTS = 100;

export class PvcSamplesService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly workspaces: Workspaces,
  ) {}

  private async sampleOf(caller: KeyCaller, scope: string, voiceId: string, sampleId: string) {
    const workspaceId = await workspaceFor(caller, scope, this.workspaces);
    const voice = await professionalVoice(this.db, workspaceId, voiceId);
    const sample = voice.samples.find((s) => s.id === sampleId);
    if (!sample) throw sampleNotFound(sampleId);
    return { workspaceId, voice, sample };
  }

  private async pcmOf(sample: voicesRepo.VoiceSampleRow) {
    const wav = await this.files.get(sample.processedPath);
    if (!wav) throw sampleNotFound(sample.id);
    return decodeWav(wav);
  }

  /** POST /v1/voices/pvc/{id}/samples: stores every file (all or none) and returns the new samples. */
  async add(caller: KeyCaller, voiceId: string, uploads: UploadedFile[], removeNoise: boolean) {
    const workspaceId = await workspaceFor(caller, VOICES_WRITE, this.workspaces);
    const voice = await professionalVoice(this.db, workspaceId, voiceId);
    if (!uploads.length) throw refusal(cloningRefusals.noSamples());
    if (voice.samples.length + uploads.length > MAX_PVC_SAMPLES)
      throw refused(pvcRefusals.tooManySamples(voice.samples.length + uploads.length));
    const prepared = await prepareSamples(uploads, removeNoise);
    const { keys, rows } = await storeSampleFiles(
      this.files,
      { workspaceId, voiceId },
      prepared,
      removeNoise,
    );
    try {
      await this.db.transaction(async (tx) => {
        await professionalVoice(tx, workspaceId, voiceId);
        await voicesRepo.insertSamples(tx, rows);
      });
    } catch (error) {
      await removeSampleFiles(this.files, keys);
      throw error;
    }
    return rows.map((r): voicesRepo.VoiceSampleRow => ({
      ...r,
      removeBackgroundNoise: removeNoise,
      trimStartMs: null,
      trimEndMs: null,
      speakers: null,
      createdAt: new Date(),
    }));
  }

  /**
   * POST /v1/voices/pvc/{id}/samples/{sample_id}: file name, selected speakers, and the processing:
   * noise removal and trim (ms of the upload) are applied again from the stored original.
   */
  async update(
    caller: KeyCaller,
    voiceId: string,
    sampleId: string,
    body: z.infer<typeof updatePvcSampleRequest>,
  ) {
    const { workspaceId, sample } = await this.sampleOf(caller, VOICES_WRITE, voiceId, sampleId);
    const reprocess =
      (body.remove_background_noise !== undefined &&
        body.remove_background_noise !== sample.removeBackgroundNoise) ||
      body.trim_start_time !== undefined ||
      body.trim_end_time !== undefined;
    if (reprocess) {
      if (body.selected_speaker_ids)
        throw badRequest(
          'Choose speakers in a separate update: trimming or noise removal changes the audio, and the sample must be separated again.',
          'speakers_with_reprocessing',
        );
      await this.reprocess(workspaceId, sample, {
        removeNoise: body.remove_background_noise ?? sample.removeBackgroundNoise,
        startMs: body.trim_start_time === undefined ? sample.trimStartMs : body.trim_start_time,
        endMs: body.trim_end_time === undefined ? sample.trimEndMs : body.trim_end_time,
      });
    }
    if (body.selected_speaker_ids) {
      const found = sample.speakers?.status === 'completed' ? sample.speakers : undefined;
      if (!found)
        throw badRequest(
          'Separate the sample by speaker before choosing speakers.',
          'speakers_not_separated',
        );
      for (const id of body.selected_speaker_ids)
        if (!found.speakers.some((s) => s.speakerId === id)) throw speakerNotFound(id);
      await repo.setSampleSpeakers(this.db, workspaceId, sampleId, {
        ...found,
        selectedSpeakerIds: [...new Set(body.selected_speaker_ids)],
      });
    }
    if (body.file_name) await repo.renameSample(this.db, workspaceId, sampleId, body.file_name);
    return { voice_id: voiceId };
  }

  /**
   * Processes the stored original again with the given noise removal and trim, stores the new 16 kHz
   * audio under a new key, points the row at it (its speaker separation no longer fits: cleared), then
   * removes the old audio. Nothing changes when the new audio is refused (no speech in the kept part).
   */
  private async reprocess(
    workspaceId: string,
    sample: voicesRepo.VoiceSampleRow,
    o: { removeNoise: boolean; startMs: number | null; endMs: number | null },
  ) {
    if (o.startMs != null && o.endMs != null && o.endMs <= o.startMs)
      throw badRequest('trim_end_time must be after trim_start_time.', 'invalid_trim');
    const original = await this.files.get(sample.originalPath);
    if (!original) throw sampleNotFound(sample.id);
    const prepared = await prepareSample(
      { filename: sample.fileName, mimetype: sample.mimeType, data: Buffer.from(original), truncated: false },
      o.removeNoise,
      { startMs: o.startMs, endMs: o.endMs },
    );
    const processedPath = `voices/${workspaceId}/${sample.voiceId}/${sample.id}.16k.${newId().slice(0, 8)}.wav`;
    await this.files.put(processedPath, prepared.wav);
    try {
      await repo.setSampleAudio(this.db, workspaceId, sample.id, {
        processedPath,
        durationSeconds: prepared.durationSeconds,
        removeBackgroundNoise: o.removeNoise,
        trimStartMs: o.startMs,
        trimEndMs: o.endMs,
      });
    } catch (error) {
      await removeSampleFiles(this.files, [processedPath]);
      throw error;
    }
    await removeSampleFiles(this.files, [sample.processedPath]);
  }

  /** DELETE /v1/voices/pvc/{id}/samples/{sample_id}. */
  async delete(caller: KeyCaller, voiceId: string, sampleId: string) {
    const { sample } = await this.sampleOf(caller, VOICES_WRITE, voiceId, sampleId);
    if (!(await voicesRepo.deleteSample(this.db, voiceId, sampleId))) throw sampleNotFound(sampleId);
    await removeSampleFiles(this.files, [sample.originalPath, sample.processedPath]);
    return { status: 'ok' };
  }

  /** GET …/audio: the processed (16 kHz mono, denoised when asked at upload) audio as base64 WAV. */
  async audio(caller: KeyCaller, voiceId: string, sampleId: string) {
    const { sample } = await this.sampleOf(caller, VOICES_READ, voiceId, sampleId);
    const wav = await this.files.get(sample.processedPath);
    if (!wav) throw sampleNotFound(sampleId);
    return {
      audio_base_64: Buffer.from(wav).toString('base64'),
      voice_id: voiceId,
      sample_id: sampleId,
      media_type: 'audio/wav',
      duration_secs: Math.round(sample.durationSeconds * 100) / 100,
    };
  }

  /** GET …/waveform: peak level (0..1) of WAVEFORM_POINTS equal slices of the sample. */
  async waveform(caller: KeyCaller, voiceId: string, sampleId: string) {
    const { sample } = await this.sampleOf(caller, VOICES_READ, voiceId, sampleId);
    const { pcm } = await this.pcmOf(sample);
    const per = Math.max(1, Math.floor(pcm.length / WAVEFORM_POINTS));
    const points: number[] = [];
    for (let i = 0; i + per <= pcm.length && points.length < WAVEFORM_POINTS; i += per) {
      let peak = 0;
      for (let j = i; j < i + per; j++) peak = Math.max(peak, Math.abs(pcm[j]!));
      points.push(Math.round((peak / 32768) * 1000) / 1000);
    }
    return { sample_id: sampleId, visual_waveform: points };
  }

  /** POST …/separate-speakers: finds the speakers of the sample and keeps them (all selected at first). */
  async separate(caller: KeyCaller, voiceId: string, sampleId: string) {
    const { workspaceId, sample } = await this.sampleOf(caller, VOICES_WRITE, voiceId, sampleId);
    const { pcm, sampleRate } = await this.pcmOf(sample);
    const found = separateSpeakers(pcm, sampleRate);
    const speakers = found.map((s) => ({
      speakerId: s.speakerId,
      durationSecs: s.durationSecs,
      pitchHz: Number.isFinite(s.pitchHz) ? s.pitchHz : 0,
      utterances: s.segments.map((g) => ({
        start: Math.round(g.start * 100) / 100,
        end: Math.round(g.end * 100) / 100,
      })),
    }));
    await repo.setSampleSpeakers(this.db, workspaceId, sampleId, {
      status: speakers.length ? 'completed' : 'failed',
      speakers,
      // The speaker with the most speech is chosen; the user can choose others.
      selectedSpeakerIds: speakers.slice(0, 1).map((s) => s.speakerId),
    });
    return { status: 'ok' };
  }

  /** GET …/speakers: the separation of the sample. */
  async separation(caller: KeyCaller, voiceId: string, sampleId: string) {
    const { sample } = await this.sampleOf(caller, VOICES_READ, voiceId, sampleId);
    return sample;
  }

  /** GET …/speakers/{speaker_id}/audio: the speaker's speech in the sample, base64 WAV. */
  async speakerAudio(caller: KeyCaller, voiceId: string, sampleId: string, speakerId: string) {
    const { sample } = await this.sampleOf(caller, VOICES_READ, voiceId, sampleId);
    const speaker = sample.speakers?.speakers.find((s) => s.speakerId === speakerId);
    if (!speaker) throw speakerNotFound(speakerId);
    const { pcm, sampleRate } = await this.pcmOf(sample);
    const audio = speakerAudio(pcm, sampleRate, speaker.utterances);
    return {
      audio_base_64: Buffer.from(encodeWav(audio, sampleRate)).toString('base64'),
      media_type: 'audio/wav',
      duration_secs: Math.round((audio.length / sampleRate) * 100) / 100,
    };
  }
}
