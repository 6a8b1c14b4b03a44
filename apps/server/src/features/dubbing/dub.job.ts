import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { defineJob, type JobContext } from '../../jobs/job';
import { createSttEngines, type SttEngines } from '../speech-to-text/stt-engines';
import { DubFailure, runDubPipeline } from './dub-pipeline';
import { dubJobSpec } from './dub.job-spec';
import { presentDub } from './dubbing.presenter';
import * as repo from './dubbing.repo';
import { createTranslators } from './translators';

let voices: SpeechEngine | undefined;
const sttBySetting = new Map<string, Promise<SttEngines>>();

/** The dub was deleted while it was being made. */
class Gone extends Error {}

/**
 * Makes a dub (decision 142) with progress over live updates (`dubbing` collection). A failure marks the dub
 * failed with its reason and gives its characters back; a dub deleted meanwhile stops at its next step.
 */
export const dubJob = defineJob({
  ...dubJobSpec,
  async perform({ dubbingId, render, renderId }, ctx: JobContext) {
    const row = await repo.findDubById(ctx.db, dubbingId);
    if (!row || row.status !== 'dubbing') return;
    const publish = (r: repo.DubRow) =>
      ctx.bus.publish({
        collection: 'dubbing',
        op: 'update',
        id: r.id,
        data: presentDub(r),
        audience: { workspaceIds: [r.workspaceId] },
      });
    const setting = JSON.stringify(ctx.config.sttHttp ?? null);
    if (!sttBySetting.has(setting)) sttBySetting.set(setting, createSttEngines(ctx.config));
    const started = Date.now();
    let outPath: string | undefined;
    try {
      const result = await runDubPipeline(
        row,
        {
          stt: await sttBySetting.get(setting)!,
          translators: createTranslators(ctx.config),
          voices: (voices ??= createEspeakEngine()),
          watermarkKey: ctx.config.watermarkKey,
          readFile: (p) => ctx.files.get(p),
          async progress(progress, progressMessage) {
            const r = await repo.updateRunningDub(ctx.db, row.id, { progress, progressMessage });
            if (!r) throw new Gone();
            publish(r);
          },
        },
        render,
      );
      const lang = row.targetLangs[0]!;
      // Each render has its own file: a failed one must not take the previous dub with it.
      outPath = `dubbing/${row.workspaceId}/${row.id}/${lang}-${renderId ?? 'dub'}.${result.extension}`;
      await ctx.files.put(outPath, result.media);
      const done = await repo.updateRunningDub(ctx.db, row.id, {
        status: 'dubbed',
        sourceLang: result.sourceLang,
        speakers: result.speakers,
        segments: result.segments.map((seg) => ({ ...seg, stale: false })),
        outputs: {
          ...row.outputs,
          [lang]: {
            path: outPath,
            contentType: result.contentType,
            placed: result.placed,
            renderId,
            version: row.version,
          },
        },
        progress: 100,
        progressMessage: 'Dubbed',
        completedAt: new Date(),
      });
      if (!done) throw new Gone();
      const previous = row.outputs[lang]?.path;
      if (previous && previous !== outPath) await ctx.files.delete(previous).catch(() => undefined);
      ctx.log.info({ dubbingId, seconds: (Date.now() - started) / 1000 }, 'dub made');
      publish(done);
    } catch (err) {
      if (outPath) await ctx.files.delete(outPath).catch(() => undefined);
      if (err instanceof Gone) return;
      ctx.log.error({ err, dubbingId }, 'dubbing failed');
      const failed = await ctx.db.transaction(async (tx) => {
        const updated = await repo.updateRunningDub(tx, row.id, {
          status: 'failed',
          error: err instanceof DubFailure ? err.message : 'The dub could not be made.',
          // A failed render of edits gives nothing back: the dub was paid and made once already.
          refunded: !render,
          completedAt: new Date(),
        });
        if (updated && !render) await repo.refundCharacters(tx, row.workspaceId, row.characters);
        return updated;
      });
      if (failed) publish(failed);
    }
  },
});
