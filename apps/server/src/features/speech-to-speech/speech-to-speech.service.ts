/**
 * Speech to speech (decision 095): checks the request, decodes the speech, charges the workspace's quota by
 * the input's length, converts toward the target voice (built-in DSP in a worker thread, or the conversion
 * server), encodes, and keeps the result as a speech history item of source STS.
 */
import type { OutputFormat } from '@vocalis/speech/audio/output-format';
import type { ConverterTarget, VoiceConverter } from '@vocalis/speech/convert/converter';
import { ConversionServerError } from '@vocalis/speech/convert/http-conversion';
import type { ConversionReport } from '@vocalis/speech/convert/voice-convert';
import { stsCharacters } from '@vocalis/domain/audio-tools/speech-to-speech';
import { voiceSettings } from '@vocalis/contracts/voices';
import {
  STS_MODEL_ALIASES,
  STS_MODEL_BUILT_IN,
  STS_MODEL_REMOTE,
  type StsFields,
} from '@vocalis/contracts/speech-to-speech';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech } from '../../speech/speech-plan';
import type { HistoryService } from '../history/history.service';
import type { ResourceCaller } from '../../auth/resource-access';
import type { ChargeableCaller } from '../api-keys/api-keys.service';
import type { UsageService } from '../usage/usage.service';
import type { VoicesService } from '../voices/voices.service';
import type { UploadedFile } from '../voices/voice-samples';
import type { ConversionRunner } from './conversion-runner';
import { checkAudio, decodeSpeech, STS_RATE } from './sts-input';
import type { TargetProfiles } from './target-profiles';

export interface StsRequest {
  userId: string;
  /** The caller as the auth hook resolved it (its workspace decides which voices it may use). */
  caller: ChargeableCaller & { workspace?: ResourceCaller['workspace'] };
  requestId: string;
  voiceId: string;
  fields: StsFields;
  file: UploadedFile;
  format: OutputFormat;
  enableLogging: boolean;
  signal: AbortSignal;
}

export interface StsResult {
  audio: Uint8Array;
  contentType: string;
  characters: number;
  historyItemId: string | null;
  modelId: string;
  report?: ConversionReport;
}

export class SpeechToSpeechService {
  constructor(
    private readonly voices: VoicesService,
    private readonly engines: EngineRegistry,
    private readonly targets: TargetProfiles,
    private readonly runner: ConversionRunner,
    private readonly usage: UsageService,
    private readonly history: HistoryService,
    private readonly log: { error(obj: object, msg: string): void },
    private readonly server?: VoiceConverter,
  ) {}

  /** The models this installation converts with. */
  models(): string[] {
    return this.server ? [STS_MODEL_BUILT_IN, STS_MODEL_REMOTE] : [STS_MODEL_BUILT_IN];
  }

  private model(requested: string | undefined): { id: string; remote: boolean } {
    if (
      !requested ||
      requested === STS_MODEL_BUILT_IN ||
      (STS_MODEL_ALIASES as readonly string[]).includes(requested)
    )
      return { id: requested ?? STS_MODEL_BUILT_IN, remote: false };
    if (requested === STS_MODEL_REMOTE && this.server) return { id: requested, remote: true };
    throw badRequest(
      `Model '${requested}' cannot convert speech. Available: ${[...this.models(), ...STS_MODEL_ALIASES].join(', ')}.`,
      'model_not_found',
    );
  }

  private settings(raw: string | undefined) {
    if (raw === undefined || raw === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('voice_settings must be a JSON object.', 'invalid_voice_settings');
    }
    const parsed = voiceSettings.safeParse(value);
    if (!parsed.success)
      throw badRequest(
        `voice_settings: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
        'invalid_voice_settings',
      );
    return parsed.data;
  }

  async convert(input: StsRequest): Promise<StsResult> {
    const { fields } = input;
    const model = this.model(fields.model_id);
    const settings = this.settings(fields.voice_settings);
    const voice = await this.voices.profileFor(
      { userId: input.userId, workspace: input.caller.workspace },
      input.voiceId,
    );
    const raw = fields.file_format === 'pcm_s16le_16';
    checkAudio(input.file, raw);
    const pcm = await decodeSpeech(input.file, raw, fields.remove_background_noise ?? false);

    const plan = await planSpeech(this.engines, { voice, engine: 'auto', settings });
    if (!plan) throw badRequest(`Voice ${voice.voiceId} cannot be spoken here.`, 'voice_not_available');
    const measure = await this.targets.of(plan);
    const target: ConverterTarget = {
      voiceId: voice.voiceId,
      name: voice.name,
      pitchHz: measure.pitchHz,
      pitchRangeSemitones: measure.pitchRangeSemitones,
      brightnessDb: measure.brightnessDb,
    };

    const characters = stsCharacters(pcm.length / STS_RATE);
    const reservation = await this.usage.reserve({
      userId: input.userId,
      caller: input.caller,
      characters,
      requestId: input.requestId,
      voiceId: voice.voiceId,
      modelId: model.id,
      source: 'speech_to_speech',
    });
    let result: { audio: Uint8Array; report?: ConversionReport };
    try {
      if (model.remote) {
        const out = await this.server!.convert(
          { pcm, sampleRate: STS_RATE, target, seed: fields.seed },
          input.signal,
        );
        result = await this.runner.run(
          {
            pcm: out.pcm,
            sampleRate: out.sampleRate,
            speakerBoost: settings?.use_speaker_boost ?? true,
            format: input.format,
            watermarkKey: this.engines.watermarkKey,
          },
          input.signal,
        );
      } else {
        result = await this.runner.run(
          {
            pcm,
            sampleRate: STS_RATE,
            target,
            speakerBoost: settings?.use_speaker_boost ?? true,
            format: input.format,
            watermarkKey: this.engines.watermarkKey,
          },
          input.signal,
        );
      }
    } catch (error) {
      await this.usage.finish(reservation, false);
      if (error instanceof ConversionServerError)
        throw new AppError(502, 'conversion_server_failed', error.message);
      throw error;
    }

    const historyItemId = input.enableLogging ? newId() : null;
    if (!historyItemId) await this.usage.finish(reservation, true);
    else {
      try {
        await this.history.record(
          {
            id: historyItemId,
            workspaceId: reservation.workspaceId,
            userId: input.userId,
            requestId: input.requestId,
            text: '',
            voice: { id: voice.voiceId, name: voice.name, category: voice.category ?? 'premade' },
            modelId: model.id,
            settings: settings as Record<string, unknown> | null,
            source: 'STS',
            characterCountChangeFrom: reservation.countFrom,
            characterCountChangeTo: reservation.countTo,
            contentType: input.format.contentType,
            outputFormat: input.format.id,
            extension: input.format.extension,
            audio: result.audio,
          },
          (insert) => this.usage.finish(reservation, true, insert),
        );
      } catch (err) {
        // Nothing kept, nothing charged: the item and the spend commit together (as text to speech does).
        this.log.error(
          { err, requestId: input.requestId },
          'speech-to-speech history item not stored; refunded',
        );
        await this.usage.finish(reservation, false);
        throw err;
      }
    }
    return {
      audio: result.audio,
      contentType: input.format.contentType,
      characters,
      historyItemId,
      modelId: model.id,
      report: result.report,
    };
  }
}
