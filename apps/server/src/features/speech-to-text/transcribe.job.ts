import { z } from 'zod';
import { decodeWav } from '@vocalis/speech/audio/wav';
import type { AppDb } from '../../db/client';
import { defineJob, jobSpec } from '../../jobs/job';
import { discardFiles } from '../../storage/file-deletion.job';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { createSttEngines, type SttEngines } from './stt-engines';
import { transcribeAudio } from './transcribe-audio';
import * as repo from './transcripts.repo';
import { presentSummary, presentTranscript } from './transcripts.presenter';

/**
 * Webhook mode's promise (decision 121): the workspace's speech-to-text webhooks, the requester's own, or
 * the one webhook the request named, get the result, queued in the transaction that completes the row.
 */
async function announce(db: AppDb, row: repo.TranscriptRow, result: Record<string, unknown>): Promise<void> {
  const hook = row.options.webhook;
  if (!hook) return;
  await emitWebhookEvent(db, {
    workspaceId: row.workspaceId,
    userId: row.createdBy,
    type: 'speech_to_text',
    data: { request_id: hook.requestId, transcription_id: row.id, status: row.status, ...result },
    ...(hook.webhookId && { webhookId: hook.webhookId }),
  });
}

/** What the service enqueues (the spec alone, so the service does not import the job's work). */
export const transcribeJobSpec = jobSpec({
  name: 'speech-to-text.transcribe',
  payload: z.object({ transcriptId: z.string() }),
  maxAttempts: 2,
});

/** The engines per remote-server setting (apps of different configuration may share this module in tests). */
const enginesBySetting = new Map<string, Promise<SttEngines>>();

/**
 * Webhook mode and the page's long files (decision 090): transcribes a stored upload, completes the row,
 * discards the audio with it, and tells the workspace over live updates. The last failed attempt marks the
 * transcript failed and gives its seconds back.
 */
export const transcribeJob = defineJob({
  ...transcribeJobSpec,
  async perform({ transcriptId }, ctx) {
    const row = await repo.findTranscriptById(ctx.db, transcriptId);
    if (!row || row.status !== 'processing' || !row.audioPath) return;
    const publish = (r: repo.TranscriptRow) =>
      ctx.bus.publish({
        collection: 'transcript',
        op: 'update',
        id: r.id,
        data: presentSummary(r),
        audience: { workspaceIds: [r.workspaceId] },
      });
    try {
      const wav = await ctx.files.get(row.audioPath);
      if (!wav) throw new Error('the uploaded audio is gone');
      const setting = JSON.stringify(ctx.config.sttHttp ?? null);
      if (!enginesBySetting.has(setting)) enginesBySetting.set(setting, createSttEngines(ctx.config));
      const engine = (await enginesBySetting.get(setting)!).pick(
        row.modelId,
        row.requestedLanguage ?? undefined,
      );
      const out = await transcribeAudio(
        engine,
        decodeWav(wav).pcm,
        row.requestedLanguage ?? undefined,
        row.options,
      );
      const done = await ctx.db.transaction(async (tx) => {
        const updated = await repo.updateTranscript(tx, row.id, {
          status: 'completed',
          words: out.words,
          text: out.text,
          languageCode: out.languageCode,
          languageProbability: out.languageProbability,
          audioPath: null,
          completedAt: new Date(),
        });
        await discardFiles(tx, [row.audioPath!]);
        if (updated) await announce(tx, updated, { transcription: presentTranscript(updated) });
        return updated;
      });
      if (done) publish(done);
    } catch (err) {
      if (ctx.attempt < ctx.maxAttempts) throw err;
      ctx.log.error({ err, transcriptId }, 'transcription failed');
      const failed = await ctx.db.transaction(async (tx) => {
        const updated = await repo.updateTranscript(tx, row.id, {
          status: 'failed',
          error: 'The audio could not be transcribed.',
          audioPath: null,
          completedAt: new Date(),
        });
        await repo.refundSeconds(tx, row.workspaceId, row.chargedSeconds);
        await discardFiles(tx, [row.audioPath!]);
        if (updated) await announce(tx, updated, { error: updated.error });
        return updated;
      });
      if (failed) publish(failed);
    }
  },
});
