/**
 * Preview clips of a workspace's own voices: a fixed sentence spoken by the voice's fitted profile,
 * rendered on first request (or right after an add or edit), kept once per voice version in file
 * storage next to the samples (`voices/<workspace>/<voice>/preview.<version>.mp3`, so S3 works too)
 * and served with byte ranges. The version hashes what shapes the sound (the fitted renderings, not the
 * name): a rename keeps the clip, a refit after new or deleted samples makes a new one and drops the old.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { parseOutputFormat, type OutputFormat } from '@vocalis/speech/audio/output-format';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SpeechPlan } from '../../speech/speech-plan';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import type { CustomVoiceRow } from './custom-voices.repo';
import { speakingVoice } from './voice-fitting';

/** Bump when the synthesis pipeline changes in a way that changes previews. */
const RENDER_VERSION = 1;
const PREVIEW_FORMAT = 'mp3_24000_48';
/** One sentence for every custom voice, so previews compare voices, not texts. */
export const CUSTOM_PREVIEW_TEXT =
  'Hello! This is my profile voice, fitted to the recordings you gave me. This is how I sound reading your text.';

type VoiceRef = Pick<CustomVoiceRow, 'id' | 'workspaceId' | 'name' | 'profile' | 'labels' | 'language'> &
  Partial<CustomVoiceRow>;

export class CustomVoicePreviews {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly files: FileStorage,
    private readonly engines: EngineRegistry,
    private readonly log: FastifyBaseLogger,
    /** Speaks and encodes a preview (in a speech worker thread: renderSpeech in features/tts). */
    private readonly render: (plan: SpeechPlan, text: string, format: OutputFormat) => Promise<Uint8Array>,
  ) {}

  /** Hash of what the clip sounds like: text, the renderings this server speaks, format. */
  version(row: VoiceRef): string {
    const r = row.profile.renderings;
    const key = JSON.stringify({
      RENDER_VERSION,
      PREVIEW_FORMAT,
      CUSTOM_PREVIEW_TEXT,
      gender: row.profile.gender,
      flite: r.flite,
      espeak: r.espeak,
      // The RHVoice rendering shapes the sound only where RHVoice is installed.
      ...(this.engines.has('rhvoice') && r.rhvoice ? { rhvoice: r.rhvoice } : {}),
    });
    return createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  /** The storage key of the voice's current clip. */
  key(row: VoiceRef): string {
    return `voices/${row.workspaceId}/${row.id}/preview.${this.version(row)}.mp3`;
  }

  /** The clip of the voice's current version, rendering it first when missing (one run per clip). */
  async open(row: VoiceRef): Promise<StoredFile & { contentType: string }> {
    const key = this.key(row);
    let file = await this.files.open(key);
    if (!file) {
      await this.ensure(row, key);
      file = await this.files.open(key);
      if (!file) throw new Error(`voice preview ${key} missing after rendering`);
    }
    return { ...file, contentType: 'audio/mpeg' };
  }

  /** Renders the clip in the background (after an add or edit), so the first play does not wait. */
  warm(row: VoiceRef): void {
    const key = this.key(row);
    void this.files
      .open(key)
      .then((f) => (f ? undefined : this.ensure(row, key)))
      .catch((err: unknown) => this.log.warn({ err, voiceId: row.id }, 'custom voice preview failed'));
  }

  /** Removes the clip of the version `row` describes (the voice was refitted or deleted). */
  async drop(row: VoiceRef): Promise<void> {
    await this.files.delete(this.key(row)).catch(() => undefined);
  }

  private ensure(row: VoiceRef, key: string): Promise<void> {
    let run = this.pending.get(key);
    if (!run) {
      run = this.renderTo(row, key).finally(() => this.pending.delete(key));
      this.pending.set(key, run);
    }
    return run;
  }

  private async renderTo(row: VoiceRef, key: string): Promise<void> {
    const voice = speakingVoice(row as CustomVoiceRow);
    // The voice's own settings (not a workspace's edits): the clip is the voice, the same for everyone.
    const plan = await planSpeech(this.engines, { voice, engine: 'auto' });
    if (!plan) throw new Error(`no engine voice for the preview of ${row.id}`);
    const mp3 = await this.render(plan, CUSTOM_PREVIEW_TEXT, parseOutputFormat(PREVIEW_FORMAT)!);
    await this.files.put(key, mp3);
  }
}
