import type { TtsBody } from '@vocalis/contracts/text-to-speech';
import { concatAlignments, type Alignment } from '@vocalis/speech/alignment';
import { concatBytes } from '@vocalis/speech/audio/mp3-stream';
import { synthesizeUtterance, type UtteranceChunk } from '@vocalis/speech/synthesize';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SettingsInput, type SpeechPlan } from '../../speech/speech-plan';
import { isEnglish } from '../../speech/voice-profile';
import type { ChargeableCaller } from '../api-keys/api-keys.service';
import type { HistoryService } from '../history/history.service';
import type { BuiltInModel, ModelCatalogue } from '../models/model-catalogue';
import type { Reservation, UsageService } from '../usage/usage.service';
import type { CatalogueVoice } from '../voices/voice-builders';
import type { VoicesService } from '../voices/voices.service';
import { createEncoder, type AudioTarget } from './audio-target';

/** One accepted request, validated and planned, before any audio exists. */
export interface Generation {
  requestId: string;
  userId: string;
  /** Who pays: the session or the xi-api-key (whose own character limit is charged too). */
  caller: ChargeableCaller;
  /** The id the history item will have (sent as the history-item-id header); null without logging. */
  historyItemId: string | null;
  source: 'text_to_speech' | 'openai_speech';
  voice: CatalogueVoice;
  model: BuiltInModel;
  /** The id the client sent (an alias stays visible here); null when it sent none. */
  requestedModelId: string | null;
  text: string;
  /** Characters the generation costs (the text's length, as ElevenLabs counts). */
  characters: number;
  target: AudioTarget;
  enableLogging: boolean;
  settings: SettingsInput | null;
  normalization: 'auto' | 'on' | 'off';
  seed?: number;
  plan: SpeechPlan;
}

/** How a generation ended; `audio` is the whole encoded output of a completed one. */
export type GenerationOutcome =
  | { status: 'completed'; audio: Uint8Array; contentType: string }
  | { status: 'failed'; error: unknown }
  | { status: 'aborted' };

/** A stream item: encoded audio plus the alignment of the sentence it holds (none for codec tails). */
export interface TimedAudio {
  audio: Uint8Array;
  alignment: Alignment | null;
  normalizedAlignment: Alignment | null;
}

export interface TtsInput {
  userId: string;
  caller: ChargeableCaller;
  requestId: string;
  voice: CatalogueVoice;
  body: Pick<
    TtsBody,
    | 'text'
    | 'model_id'
    | 'language_code'
    | 'voice_settings'
    | 'seed'
    | 'apply_text_normalization'
    | 'pronunciation_dictionary_locators'
  >;
  target: AudioTarget;
  enableLogging: boolean;
  source: Generation['source'];
  /** OpenAI `speed`, applied on top of the voice settings. */
  rateFactor?: number;
}

const EMPTY_ALIGNMENT: Alignment = {
  characters: [],
  character_start_times_seconds: [],
  character_end_times_seconds: [],
};

/** Text to speech: validates and plans a request, runs the engines, encodes, and reports the outcome. */
export class TextToSpeechService {
  constructor(
    readonly voices: VoicesService,
    private readonly models: ModelCatalogue,
    private readonly engines: EngineRegistry,
    private readonly usage: UsageService,
    private readonly history: HistoryService,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  /** What each running generation holds (debit, slot), keyed by the generation. */
  private readonly reservations = new WeakMap<Generation, Reservation>();

  /** Everything that can be refused is refused here, before a byte is sent. */
  async prepare(input: TtsInput): Promise<Generation> {
    const { body, voice } = input;
    const model = this.models.resolve(body.model_id);
    if (body.text.length > model.maxCharacters)
      throw badRequest(
        `Text is ${body.text.length} characters; model ${model.modelId} accepts at most ${model.maxCharacters} per request.`,
        'max_character_limit_exceeded',
      );
    if (body.pronunciation_dictionary_locators?.length)
      throw badRequest(
        'Pronunciation dictionaries are not available yet.',
        'pronunciation_dictionary_not_found',
      );
    const language = body.language_code ?? undefined;
    const unsupported = () =>
      badRequest(
        `Model ${model.modelId} does not support language_code '${language}'.`,
        'unsupported_language',
      );
    if (language && model.engine === 'flite' && !isEnglish(language)) throw unsupported();
    if (language && model.engine === 'http') {
      const spoken = (await this.engines.languages('http')).map((l) => l.code.toLowerCase().split('-')[0]);
      if (!spoken.includes(language.toLowerCase().split('-')[0]!)) throw unsupported();
    }
    const plan = await planSpeech(this.engines, {
      voice,
      engine: model.engine,
      language,
      settings: body.voice_settings,
      rateFactor: input.rateFactor,
    });
    if (!plan) throw unsupported();
    return {
      requestId: input.requestId,
      userId: input.userId,
      caller: input.caller,
      historyItemId: input.enableLogging ? newId() : null,
      source: input.source,
      voice,
      model,
      requestedModelId: body.model_id ?? null,
      text: body.text,
      characters: body.text.length,
      target: input.target,
      enableLogging: input.enableLogging,
      settings: body.voice_settings ?? null,
      normalization: body.apply_text_normalization ?? 'auto',
      seed: body.seed ?? undefined,
      plan,
    };
  }

  /**
   * SEAM (quota and concurrency): called once before synthesis starts. The workspace quota debit
   * (atomic, refused with 401 quota_exceeded) and the tier's concurrency slot (429) belong here.
   */
  async beginGeneration(generation: Generation): Promise<void> {
    const reservation = await this.usage.reserve({
      userId: generation.userId,
      caller: generation.caller,
      characters: generation.characters,
      requestId: generation.requestId,
    });
    this.reservations.set(generation, reservation);
  }

  /**
   * SEAM (history and refunds): called exactly once when a generation ends, however it ends. A
   * completed one with `enableLogging` becomes a history item (audio to file storage); a failed or
   * aborted one gives its debited characters back and frees its concurrency slot.
   */
  async completeGeneration(g: Generation, outcome: GenerationOutcome): Promise<void> {
    const r = this.reservations.get(g);
    if (!r) return;
    this.reservations.delete(g);
    const completed = outcome.status === 'completed';
    await this.usage.finish(r, completed);
    if (outcome.status !== 'completed' || !g.historyItemId) return;
    // The audio has been delivered (and paid for): a storage failure is logged, not turned into an error.
    await this.history
      .record({
        id: g.historyItemId,
        workspaceId: r.workspaceId,
        userId: g.userId,
        requestId: g.requestId,
        text: g.text,
        voice: { id: g.voice.voiceId, name: g.voice.name, category: 'premade' },
        modelId: g.requestedModelId ?? g.model.modelId,
        settings: g.settings as Record<string, unknown> | null,
        source: 'TTS',
        characterCountChangeFrom: r.countFrom,
        characterCountChangeTo: r.countTo,
        contentType: outcome.contentType,
        outputFormat: g.target.id,
        extension: g.target.extension,
        audio: outcome.audio,
      })
      .catch((err: unknown) => this.log.error({ err, requestId: g.requestId }, 'history item not stored'));
  }

  /** Encoded audio, sentence by sentence where the codec allows. */
  async *audio(g: Generation, signal: AbortSignal): AsyncIterable<Uint8Array> {
    for await (const part of this.timed(g, signal)) if (part.audio.length) yield part.audio;
  }

  /** Encoded audio with the alignment of each part, as the stream-with-timestamps endpoint sends it. */
  timed(g: Generation, signal: AbortSignal): AsyncIterable<TimedAudio> {
    return this.tracked(g, this.encode(g, signal), signal);
  }

  /** The whole audio and the whole alignments at once. */
  async convert(g: Generation, signal: AbortSignal): Promise<TimedAudio> {
    const parts: TimedAudio[] = [];
    for await (const p of this.timed(g, signal)) parts.push(p);
    return {
      audio: concatBytes(parts.map((p) => p.audio)),
      alignment: parts.map((p) => p.alignment ?? EMPTY_ALIGNMENT).reduce(concatAlignments, EMPTY_ALIGNMENT),
      normalizedAlignment: parts
        .map((p) => p.normalizedAlignment ?? EMPTY_ALIGNMENT)
        .reduce(concatAlignments, EMPTY_ALIGNMENT),
    };
  }

  private chunks(g: Generation, signal: AbortSignal): AsyncIterable<UtteranceChunk> {
    return synthesizeUtterance({
      engine: g.plan.engine,
      voice: g.plan.engineVoice,
      text: g.text,
      language: g.plan.language,
      prosody: g.plan.params.prosody,
      speakerBoost: g.plan.params.speakerBoost,
      normalization: g.normalization,
      seed: g.seed,
      signal,
    });
  }

  private async *encode(g: Generation, signal: AbortSignal): AsyncIterable<TimedAudio> {
    const encoder = createEncoder(g.target);
    const held: UtteranceChunk[] = [];
    for await (const chunk of this.chunks(g, signal)) {
      const audio = await encoder.push(chunk.pcm, chunk.sampleRate);
      if (encoder.incremental)
        yield { audio, alignment: chunk.alignment, normalizedAlignment: chunk.normalizedAlignment };
      else held.push(chunk);
      // The engines and lamejs run synchronously: give the event loop a full turn (a timer, so the
      // poll phase runs) per sentence, so other requests are served while the next one is made.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const tail = await encoder.end();
    if (encoder.incremental) {
      if (tail.length) yield { audio: tail, alignment: null, normalizedAlignment: null };
      return;
    }
    yield {
      audio: tail,
      alignment: held.map((c) => c.alignment).reduce(concatAlignments, EMPTY_ALIGNMENT),
      normalizedAlignment: held.map((c) => c.normalizedAlignment).reduce(concatAlignments, EMPTY_ALIGNMENT),
    };
  }

  /** Wraps a run with the begin/complete seam; an engine failure becomes a 502 naming the engine. */
  private async *tracked(
    g: Generation,
    inner: AsyncIterable<TimedAudio>,
    signal: AbortSignal,
  ): AsyncIterable<TimedAudio> {
    await this.beginGeneration(g);
    const parts: Uint8Array[] = [];
    let outcome: GenerationOutcome = { status: 'aborted' };
    try {
      for await (const part of inner) {
        parts.push(part.audio);
        yield part;
      }
      outcome = { status: 'completed', audio: concatBytes(parts), contentType: g.target.contentType };
    } catch (error) {
      if (signal.aborted) throw error;
      outcome = { status: 'failed', error };
      if (g.plan.engineId === 'http')
        throw new AppError(
          502,
          'speech_engine_unavailable',
          'The remote speech server failed to synthesize the text.',
        );
      throw error;
    } finally {
      await this.completeGeneration(g, outcome);
    }
  }
}
