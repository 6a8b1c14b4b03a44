/**
 * A cloned voice's speaker on the voice cloning server (decision 076): its processed samples are uploaded
 * once per sample version, the speaker id is kept in the voice's profile (`remote`), checked before each
 * speech request (one small GET: a restarted server may have lost it, and a sentence sent to a speaker
 * it lost would fail) and replaced when the samples change. Failures answer
 * 502 with what went wrong, so an operator can tell a stopped server from bad credentials.
 */
import { createHash } from 'node:crypto';
import { CloneServerError, type CloneServerClient } from '@vocalis/speech/engines/http-cloning';
import type { AppDb } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../storage/file-storage';
import * as repo from './custom-voices.repo';

const unavailable = (error: unknown) =>
  error instanceof CloneServerError
    ? new AppError(502, 'voice_clone_server_unavailable', error.message)
    : error;

/** Which samples a speaker was made from: a voice edited with new samples needs a new speaker. */
export const sampleVersion = (samples: repo.VoiceSampleRow[]) =>
  createHash('sha256')
    .update(samples.map((s) => `${s.id}:${s.hash}`).join(','))
    .digest('hex')
    .slice(0, 16);

export class CloneSpeakers {
  private readonly uploads = new Map<string, Promise<string>>();

  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly client: CloneServerClient,
  ) {}

  /** The voice's speaker id, uploading its samples when the server does not have them yet. */
  async speakerFor(row: repo.CustomVoiceRow, samples: repo.VoiceSampleRow[]): Promise<string | undefined> {
    if (!samples.length) return undefined; // designed voices have no recording to clone
    const version = sampleVersion(samples);
    const known = row.profile.remote;
    try {
      if (known && known.url === this.client.url && known.version === version) {
        if (await this.client.hasSpeaker(known.speakerId)) return known.speakerId;
      }
      const key = `${row.id}@${version}`;
      let upload = this.uploads.get(key);
      if (!upload) {
        upload = this.upload(row, samples, version).finally(() => this.uploads.delete(key));
        this.uploads.set(key, upload);
      }
      return await upload;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Removes the voice's speaker from the server (voice deleted); a failure is only logged by the caller. */
  async forget(row: repo.CustomVoiceRow): Promise<void> {
    const known = row.profile.remote;
    if (known && known.url === this.client.url) await this.client.deleteSpeaker(known.speakerId);
  }

  private async upload(row: repo.CustomVoiceRow, samples: repo.VoiceSampleRow[], version: string) {
    const clips = [];
    for (const s of samples) {
      const data = await this.files.get(s.processedPath);
      if (!data) throw new Error(`voice sample ${s.id}: processed audio missing in storage`);
      clips.push({ fileName: `${s.id}.wav`, data });
    }
    const speakerId = await this.client.createSpeaker(row.name, `${row.id}@${version}`, clips);
    await repo.setRemoteSpeaker(this.db, row.workspaceId, row.id, {
      url: this.client.url,
      version,
      speakerId,
    });
    const old = row.profile.remote;
    if (old && old.url === this.client.url && old.speakerId !== speakerId)
      await this.client.deleteSpeaker(old.speakerId).catch(() => undefined);
    return speakerId;
  }
}
