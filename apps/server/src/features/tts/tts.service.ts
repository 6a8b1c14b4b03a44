import { espeakRules, type EspeakPhonemeRule } from '@vocalis/domain/pronunciation/espeak-phonemes';
import { applyAliases, type Rule } from '@vocalis/domain/pronunciation/pronunciation-rules';
import { concatAlignments, type Alignment } from '@vocalis/speech/alignment';
import { concatBytes } from '@vocalis/speech/audio/mp3-stream';
import type { ResourceCaller } from '../../auth/resource-access';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SpeechPlan } from '../../speech/speech-plan';
import { isEnglish } from '../../speech/voice-profile';
import type { HistoryService } from '../history/history.service';
import type { BuiltInModel, ModelCatalogue } from '../models/model-catalogue';
import type { Reservation, UsageService } from '../usage/usage.service';
import type { CatalogueVoice } from '../voices/voice-builders';
import type { VoicesService } from '../voices/voices.service';
import { speechJobOf, type SpeechJob } from './speech-job';
import { historyContent, mergeSegments } from './speech-parts';
import type { SpeechRunner } from './speech-runner';
import type { Generation, GenerationOutcome, SpeechRequest, TimedAudio, TtsInput } from './tts-generation';

/**
 * Raw audio streams speak the first sentence's first words on their own and send this much of them ahead
 * of the rest (speech-job.ts), so the first byte waits for a few words, not for a whole sentence.
 */
const QUICK_START = { firstChunkSeconds: 0.4, firstPieceWords: 4 };

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
    private readonly speech: SpeechRunner,
  ) {}

  /**
   * Pronunciation dictionaries (decision 133), set by their feature: the rules of the request's locators, whose
   * alias rules rewrite the text before synthesis (the characters charged are those of the text as sent).
   */
  private pronunciations?: {
    rulesFor(
      who: string | ResourceCaller,
      locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
    ): Promise<Rule[][]>;
  };
  usePronunciations(p: NonNullable<TextToSpeechService['pronunciations']>): void {
    this.pronunciations = p;
  }
  /**
   * Refuses (404) locators that name no dictionary or version of the caller's workspace, or a dictionary they
   * may not read (decision 261).
   */
  async checkPronunciations(
    who: string | ResourceCaller,
    locators: { pronunciation_dictionary_id: string; version_id?: string | null }[],
  ): Promise<void> {
    if (!locators.length) return;
    if (!this.pronunciations)
      throw badRequest('Pronunciation dictionaries are not available.', 'pronunciation_dictionary_not_found');
    await this.pronunciations.rulesFor(who, locators);
  }

  /** What each running generation holds (debit, slot), keyed by the generation. */
  private readonly reservations = new WeakMap<Generation, Reservation>();

  /** Everything that can be refused is refused here, before a byte is sent. */
  prepare(input: TtsInput): Promise<Generation> {
    const { voice, body, ...rest } = input;
    return this.prepareLines({ ...rest, lines: [{ text: body.text, voice }], options: body });
  }

  /** `prepare` for any number of lines (text to dialogue): each voice is planned once. */
  async prepareLines(input: SpeechRequest): Promise<Generation> {
    const { options } = input;
    const model = this.models.resolve(options.model_id);
    const characters = input.lines.reduce((n, l) => n + l.text.length, 0);
    if (characters > model.maxCharacters)
      throw badRequest(
        `Text is ${characters} characters; model ${model.modelId} accepts at most ${model.maxCharacters} per request.`,
        'max_character_limit_exceeded',
      );
    let lines = input.lines;
    let phonemes: EspeakPhonemeRule[] = [];
    if (options.pronunciation_dictionary_locators?.length) {
      if (!this.pronunciations)
        throw badRequest(
          'Pronunciation dictionaries are not available.',
          'pronunciation_dictionary_not_found',
        );
      // Named in the request by a signed-in caller: checked against what they may read (decision 261).
      const who =
        input.caller.workspace === undefined
          ? input.userId
          : { userId: input.userId, workspace: input.caller.workspace };
      const rules = await this.pronunciations.rulesFor(who, options.pronunciation_dictionary_locators);
      lines = lines.map((l) => ({ ...l, text: applyAliases(l.text, rules) }));
      phonemes = espeakRules(rules);
    }
    const plans = new Map<string, SpeechPlan>();
    for (const { voice } of lines)
      if (!plans.has(voice.voiceId)) plans.set(voice.voiceId, await this.plan(model, voice, input));
    return {
      requestId: input.requestId,
      userId: input.userId,
      caller: input.caller,
      historyItemId: input.enableLogging ? newId() : null,
      source: input.source,
      model,
      requestedModelId: options.model_id ?? null,
      parts: lines.map((l) => {
        const plan = plans.get(l.voice.voiceId)!;
        // Only eSpeak-NG reads phonemes in its text, and the rules are rendered in its English phone set.
        const speaksPhonemes =
          phonemes.length > 0 && plan.engineId === 'espeak' && plan.language.toLowerCase().startsWith('en');
        return { ...l, plan, ...(speaksPhonemes && { phonemes }) };
      }),
      characters,
      target: input.target,
      enableLogging: input.enableLogging,
      settings: options.voice_settings ?? null,
      normalization: options.apply_text_normalization ?? 'auto',
      seed: options.seed ?? undefined,
      previousText: options.previous_text ?? undefined,
      nextText: options.next_text ?? undefined,
    };
  }

  /** Engine, engine voice and prosody for one voice; refuses a language the model cannot speak. */
  private async plan(model: BuiltInModel, voice: CatalogueVoice, input: SpeechRequest): Promise<SpeechPlan> {
    const language = input.options.language_code ?? undefined;
    const unsupported = () =>
      badRequest(
        `Model ${model.modelId} does not support language_code '${language}'.`,
        'unsupported_language',
      );
    const englishOnly = model.engine === 'flite' || model.engine === 'rhvoice';
    if (language && englishOnly && !isEnglish(language)) throw unsupported();
    if (language && model.engine === 'http') {
      const spoken = (await this.engines.languages('http')).map((l) => l.code.toLowerCase().split('-')[0]);
      if (!spoken.includes(language.toLowerCase().split('-')[0]!)) throw unsupported();
    }
    const plan = await planSpeech(this.engines, {
      voice,
      engine: model.engine,
      language,
      settings: input.options.voice_settings,
      rateFactor: input.rateFactor,
    });
    if (!plan) throw unsupported();
    return plan;
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
      // What the usage charts break characters down by (a dialogue counts under its first voice).
      voiceId: generation.parts[0]?.voice.voiceId ?? null,
      modelId: generation.requestedModelId ?? generation.model.modelId,
      source: generation.source,
    });
    this.reservations.set(generation, reservation);
  }

  /**
   * SEAM (history and refunds): called exactly once when a generation ends, however it ends. A
   * completed one with `enableLogging` becomes a history item (audio to file storage) in the transaction
   * that turns its reservation into spent characters; a failed or aborted one, or one whose history item
   * cannot be written, gives its debited characters back and frees its concurrency slot.
   */
  async completeGeneration(g: Generation, outcome: GenerationOutcome): Promise<void> {
    const r = this.reservations.get(g);
    if (!r) return;
    this.reservations.delete(g);
    if (outcome.status !== 'completed' || !g.historyItemId) {
      await this.usage.finish(r, outcome.status === 'completed');
      return;
    }
    const item = {
      id: g.historyItemId,
      workspaceId: r.workspaceId,
      userId: g.userId,
      requestId: g.requestId,
      ...historyContent(g),
      modelId: g.requestedModelId ?? g.model.modelId,
      settings: g.settings as Record<string, unknown> | null,
      source: 'TTS' as const,
      characterCountChangeFrom: r.countFrom,
      characterCountChangeTo: r.countTo,
      contentType: outcome.contentType,
      outputFormat: g.target.id,
      extension: g.target.extension,
      audio: outcome.audio,
    };
    try {
      await this.history.record(item, (insert) => this.usage.finish(r, true, insert));
    } catch (err) {
      // The audio has been delivered, so the failure is logged, not turned into an error; but a generation
      // that cannot be recorded is not charged (issue 9): the item and the spend commit together or not at
      // all, so the reservation is still open here and goes back to the quota.
      this.log.error({ err, requestId: g.requestId }, 'history item not stored; characters refunded');
      await this.usage.finish(r, false);
    }
  }

  /** Encoded audio, sentence by sentence where the codec allows. */
  async *audio(g: Generation, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const parts = this.tracked(g, this.encode(g, signal, QUICK_START), signal);
    for await (const part of parts) if (part.audio.length) yield part.audio;
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
      voiceSegments: mergeSegments(parts.flatMap((p) => p.voiceSegments)),
    };
  }

  /** Synthesis and encoding, in a speech worker thread (or the main thread with SPEECH_WORKERS=0). */
  private encode(
    g: Generation,
    signal: AbortSignal,
    quickStart?: Pick<SpeechJob, 'firstChunkSeconds' | 'firstPieceWords'>,
  ): AsyncIterable<TimedAudio> {
    return this.speech.run({ ...speechJobOf(g), ...quickStart }, signal);
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
      if (error instanceof Error && error.name === 'CloneServerError')
        throw new AppError(502, 'voice_clone_server_unavailable', error.message);
      if (g.parts.some((p) => p.plan.engineId === 'http'))
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
