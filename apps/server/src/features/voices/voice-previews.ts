/**
 * Preview clips of the premade voices: generated once (on first start, in the background, or on the
 * first request for one that is not ready) and kept as mp3 under `<filesDir>/voice-previews/`. A clip's
 * name carries a hash of everything that shapes its sound, so a changed voice gets a new clip and URL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { parseOutputFormat, type OutputFormat } from '@vocalis/speech/audio/output-format';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SpeechPlan } from '../../speech/speech-plan';
import type { CatalogueVoice } from './voice-builders';

/** Bump when the synthesis pipeline changes in a way that changes previews. */
const RENDER_VERSION = 1;
// The engines produce 16–22 kHz audio: 24 kHz mp3 keeps all of it at a third of 44.1 kHz's encoding time.
const PREVIEW_FORMAT = 'mp3_24000_48';

export interface PreviewFile {
  path: string;
  /** Content hash used as ETag and cache-busting query. */
  version: string;
}

export class VoicePreviews {
  private readonly pending = new Map<string, Promise<PreviewFile>>();
  /** Each voice's version, hashed once: every voice listing carries all of them (decision 050). */
  private readonly versions = new WeakMap<CatalogueVoice, string>();

  constructor(
    private readonly dir: string,
    private readonly engines: EngineRegistry,
    private readonly log: FastifyBaseLogger,
    /** Speaks and encodes a preview (in a speech worker thread: renderSpeech in features/tts). */
    private readonly render: (plan: SpeechPlan, text: string, format: OutputFormat) => Promise<Uint8Array>,
  ) {}

  /** Hash of what the preview sounds like: text, engine profiles, settings, format. */
  version(voice: CatalogueVoice): string {
    let version = this.versions.get(voice);
    if (version === undefined) {
      version = this.hash(voice);
      this.versions.set(voice, version);
    }
    return version;
  }

  /** The registry's engines are fixed when it is built, so a voice object's hash never changes. */
  private hash(voice: CatalogueVoice): string {
    const { previewText, engine, language, flite, espeak, settings } = voice;
    // The RHVoice rendering shapes the sound only where RHVoice is installed.
    const rhvoice = this.engines.has('rhvoice') ? voice.rhvoice : undefined;
    const key = JSON.stringify({
      RENDER_VERSION,
      PREVIEW_FORMAT,
      previewText,
      engine,
      language,
      flite,
      ...(rhvoice && { rhvoice }),
      espeak,
      settings,
    });
    return createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  /** The voice's preview file, generating it first if needed (concurrent callers share one run). */
  file(voice: CatalogueVoice): Promise<PreviewFile> {
    const version = this.version(voice);
    const file = path.join(this.dir, `${voice.voiceId}-${version}.mp3`);
    let run = this.pending.get(file);
    if (!run) {
      run = this.ensure(voice, file, version).finally(() => this.pending.delete(file));
      this.pending.set(file, run);
    }
    return run;
  }

  /** Generates every missing preview, one at a time, until done or aborted; failures are logged. */
  async warmAll(voices: readonly CatalogueVoice[], signal: AbortSignal): Promise<void> {
    const started = Date.now();
    let made = 0;
    for (const voice of voices) {
      if (signal.aborted) return;
      try {
        const before = await exists(path.join(this.dir, `${voice.voiceId}-${this.version(voice)}.mp3`));
        await this.file(voice);
        if (!before) made++;
      } catch (err) {
        this.log.warn({ err, voiceId: voice.voiceId }, 'voice preview generation failed');
      }
    }
    if (made) this.log.info({ made, ms: Date.now() - started }, 'voice previews generated');
  }

  private async ensure(voice: CatalogueVoice, file: string, version: string): Promise<PreviewFile> {
    if (await exists(file)) return { path: file, version };
    // `auto`: what a request without model_id gets (RHVoice for English voices where installed).
    const plan = await planSpeech(this.engines, { voice, engine: 'auto' });
    if (!plan) throw new Error(`no engine voice for preview of ${voice.voiceId}`);
    const mp3 = await this.render(plan, voice.previewText, parseOutputFormat(PREVIEW_FORMAT)!);
    await fs.mkdir(this.dir, { recursive: true });
    // Write then rename, so a reader (or another node sharing the folder) never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, mp3);
    await fs.rename(tmp, file);
    await this.removeStale(voice.voiceId, path.basename(file));
    return { path: file, version };
  }

  private async removeStale(voiceId: string, keep: string): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((n) => n.startsWith(`${voiceId}-`) && n.endsWith('.mp3') && n !== keep)
        .map((n) => fs.rm(path.join(this.dir, n), { force: true })),
    );
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
