/**
 * Sound effects (decisions 102-104): reads the prompt into categories the built-in generator can make (or
 * sends it to the configured sound server), debits the workspace's sound-effect seconds, generates in a
 * worker thread (watermarked, encoded), and keeps the result as a history item of source SFX.
 */
import {
  CATEGORIES,
  chargedSfxSeconds,
  DEFAULT_PROMPT_INFLUENCE,
  matchSoundPrompt,
  sfxQuotaMessage,
  soundSeconds,
  unservedPromptMessage,
  type SoundCategory,
  type SoundPlan,
} from '@vocalis/domain/audio-tools/sound-effects';
import { SOUND_EFFECT_SECONDS, UNLIMITED } from '@vocalis/domain/billing/plans';
import { planIdOf } from '@vocalis/domain/billing/tiers';
import {
  SFX_MODEL_ALIASES,
  SFX_MODEL_BUILT_IN,
  SFX_MODEL_REMOTE,
  type SfxBody,
} from '@vocalis/contracts/sound-effects';
import { parseOutputFormat, type OutputFormat } from '@vocalis/speech/audio/output-format';
import { SoundServerError, type HttpSoundGenerator } from '@vocalis/speech/sfx/http-sound';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { HistoryService } from '../history/history.service';
import type { SoundJob, SoundResult } from './sound-job';
import type { SoundRunner } from './sound-runner';
import * as repo from './sound-usage.repo';

type Workspaces = { workspaceOf(userId: string): Promise<{ id: string; tier: string }> };

export interface SfxRequest {
  caller: Principal;
  requestId: string;
  body: SfxBody;
  format: OutputFormat;
  enableLogging: boolean;
  signal: AbortSignal;
}

export interface SfxResult {
  audio: Uint8Array;
  contentType: string;
  seconds: number;
  chargedSeconds: number;
  historyItemId: string | null;
  modelId: string;
  /** The categories made (empty when a sound server made it). */
  categories: SoundCategory[];
}

/** The plan's sound-effect seconds a month; -1 unlimited. */
export const sfxSecondsLimit = (tier: string): number => {
  const limit = SOUND_EFFECT_SECONDS[planIdOf(tier)];
  return limit === UNLIMITED ? -1 : limit;
};

const PREVIEW_FORMAT = parseOutputFormat('mp3_44100_128')!;
const PREVIEW_SECONDS = 4;

export class SoundEffectsService {
  private readonly previews = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly db: AppDb,
    private readonly workspaces: Workspaces,
    private readonly history: HistoryService,
    private readonly runner: SoundRunner,
    private readonly watermarkKey: string,
    private readonly log: { error(obj: object, msg: string): void },
    private readonly server?: HttpSoundGenerator,
  ) {}

  models(): string[] {
    return this.server ? [SFX_MODEL_BUILT_IN, SFX_MODEL_REMOTE] : [SFX_MODEL_BUILT_IN];
  }

  private model(requested: string | null | undefined): { id: string; remote: boolean } {
    if (
      !requested ||
      requested === SFX_MODEL_BUILT_IN ||
      (SFX_MODEL_ALIASES as readonly string[]).includes(requested)
    )
      return { id: requested ?? SFX_MODEL_BUILT_IN, remote: false };
    if (requested === SFX_MODEL_REMOTE && this.server) return { id: requested, remote: true };
    throw badRequest(
      `Model '${requested}' cannot make sound effects. Available: ${[...this.models(), ...SFX_MODEL_ALIASES].join(', ')}.`,
      'model_not_found',
    );
  }

  /** The prompt's plan, or a 422 saying what the generator can make. */
  plan(text: string): SoundPlan {
    const match = matchSoundPrompt(text);
    if (!match.ok) throw new AppError(422, 'prompt_not_supported', unservedPromptMessage(match));
    return match.plan;
  }

  private async debit(ws: { id: string; tier: string }, seconds: number): Promise<void> {
    const limit = sfxSecondsLimit(ws.tier);
    if ((await repo.debitSfxSeconds(this.db, ws.id, seconds, limit)) === null) {
      const used = await repo.sfxSecondsUsed(this.db, ws.id);
      throw new AppError(401, 'quota_exceeded', sfxQuotaMessage(limit - used, seconds));
    }
  }

  /** POST /v1/sound-generation. */
  async generate(r: SfxRequest): Promise<SfxResult> {
    const { body } = r;
    const model = this.model(body.model_id);
    const influence = body.prompt_influence ?? DEFAULT_PROMPT_INFLUENCE;
    const loop = body.loop ?? false;
    const ws = r.caller.workspace ?? (await this.workspaces.workspaceOf(r.caller.userId));
    let job: SoundJob;
    let plan: SoundPlan | null = null;
    let charged: number;
    if (model.remote) {
      // The server picks the length when none is asked; it is charged at the longest it may be, then trued up.
      charged = chargedSfxSeconds(body.duration_seconds ?? 30);
      await this.debit(ws, charged);
      try {
        const out = await this.server!.generate(
          {
            text: body.text,
            durationSeconds: body.duration_seconds ?? null,
            promptInfluence: influence,
            loop,
          },
          r.signal,
        );
        job = {
          pcm: { samples: out.pcm, sampleRate: out.sampleRate, seconds: body.duration_seconds ?? null },
          format: r.format,
          watermarkKey: this.watermarkKey,
        };
      } catch (error) {
        await repo.refundSfxSeconds(this.db, ws.id, charged);
        if (error instanceof SoundServerError) throw new AppError(502, 'sound_server_failed', error.message);
        throw error;
      }
    } else {
      plan = this.plan(body.text);
      const seconds = soundSeconds(plan, body.duration_seconds);
      charged = chargedSfxSeconds(seconds);
      await this.debit(ws, charged);
      job = {
        synth: { plan, seconds, loop, promptInfluence: influence },
        format: r.format,
        watermarkKey: this.watermarkKey,
      };
    }

    let result: SoundResult;
    try {
      result = await this.runner.run(job, r.signal);
    } catch (error) {
      await repo.refundSfxSeconds(this.db, ws.id, charged);
      throw error;
    }
    if (model.remote && body.duration_seconds == null) {
      const actual = chargedSfxSeconds(result.seconds);
      await repo.refundSfxSeconds(this.db, ws.id, Math.max(0, charged - actual));
      charged = actual;
    }

    const historyItemId = r.enableLogging ? newId() : null;
    if (historyItemId) {
      try {
        await this.history.record({
          id: historyItemId,
          workspaceId: ws.id,
          userId: r.caller.userId,
          requestId: r.requestId,
          text: body.text,
          voice: { id: null, name: 'Sound effect', category: 'sound_effect' },
          modelId: model.id,
          settings: {
            duration_seconds: body.duration_seconds ?? null,
            prompt_influence: influence,
            loop,
            ...(plan && { categories: plan.categories }),
          },
          source: 'SFX',
          characterCountChangeFrom: 0,
          characterCountChangeTo: 0,
          contentType: r.format.contentType,
          outputFormat: r.format.id,
          extension: r.format.extension,
          audio: result.audio,
        });
      } catch (err) {
        this.log.error({ err, requestId: r.requestId }, 'sound-effect history item not stored; refunded');
        await repo.refundSfxSeconds(this.db, ws.id, charged);
        throw err;
      }
    }
    return {
      audio: result.audio,
      contentType: r.format.contentType,
      seconds: result.seconds,
      chargedSeconds: charged,
      historyItemId,
      modelId: model.id,
      categories: plan?.categories ?? [],
    };
  }

  /** Seconds used and the plan's allowance, for the usage views. */
  async usage(caller: Principal): Promise<{ used: number; limit: number }> {
    const ws = caller.workspace ?? (await this.workspaces.workspaceOf(caller.userId));
    return { used: await repo.sfxSecondsUsed(this.db, ws.id), limit: sfxSecondsLimit(ws.tier) };
  }

  /**
   * An explore page's preview of a category's example (built-in generator, 4 s, watermarked, made once per
   * process and kept in memory). Not charged: the examples are the product's own, not the caller's work.
   */
  preview(category: SoundCategory, example: number): Promise<Uint8Array> {
    const info = CATEGORIES.find((c) => c.id === category)!;
    const prompt = info.examples[example];
    if (prompt === undefined) throw notFound('No such example.', 'example_not_found');
    const key = `${category}/${example}`;
    let made = this.previews.get(key);
    if (!made) {
      const seconds = Math.min(PREVIEW_SECONDS, info.defaultSeconds);
      made = this.runner
        .run(
          {
            synth: { plan: this.plan(prompt), seconds, loop: false, promptInfluence: 1, seed: 1 + example },
            format: PREVIEW_FORMAT,
            watermarkKey: this.watermarkKey,
          },
          AbortSignal.timeout(60_000),
        )
        .then((r) => r.audio);
      made.catch(() => this.previews.delete(key));
      this.previews.set(key, made);
    }
    return made;
  }
}
