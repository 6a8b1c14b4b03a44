import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { defineJob, type JobContext } from '../../jobs/job';
import { createSttEngines, type SttEngines } from '../speech-to-text/stt-engines';
import { DubFailure, runDubPipeline, type DubWork } from './dub-pipeline';
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
  async perform({ dubbingId, render, renderId, language, speak, characters }, ctx: JobContext) {
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
    const written: string[] = [];
    const edit = !!(render || speak);
    const work: DubWork = speak
      ? { kind: 'speak', ...speak }
      : render
        ? { kind: 'render', language: language ?? row.targetLangs[0]! }
        : { kind: 'create' };
    try {
      const result = await runDubPipeline(
        row,
        {
          stt: await sttBySetting.get(setting)!,
          translators: createTranslators(ctx.config),
          voices: (voices ??= createEspeakEngine()),
          watermarkKey: ctx.config.watermarkKey,
          readFile: (p) => ctx.files.get(p),
          async writeFile(p, bytes) {
            written.push(p);
            await ctx.files.put(p, bytes);
          },
          async progress(progress, progressMessage) {
            const r = await repo.updateRunningDub(ctx.db, row.id, { progress, progressMessage });
            if (!r) throw new Gone();
            publish(r);
          },
        },
        work,
      );
      const out = result.output;
      if (out) {
        // Each render has its own file: a failed one must not take the previous dub with it.
        outPath = `dubbing/${row.workspaceId}/${row.id}/${out.language}-${renderId ?? 'dub'}.${out.extension}`;
        await ctx.files.put(outPath, out.media);
      }
      const done = await repo.updateRunningDub(ctx.db, row.id, {
        status: 'dubbed',
        sourceLang: result.sourceLang,
        speakers: result.speakers,
        segments: result.segments.map((seg) => ({ ...seg, stale: false })),
        outputs: out
          ? {
              ...row.outputs,
              [out.language]: {
                path: outPath!,
                contentType: out.contentType,
                placed: out.placed,
                renderId,
                version: row.version,
              },
            }
          : row.outputs,
        progress: 100,
        progressMessage: out ? 'Dubbed' : 'Segments dubbed',
        completedAt: new Date(),
      });
      if (!done) throw new Gone();
      const previous = out && row.outputs[out.language]?.path;
      const stale = [...result.replacedClips, ...(previous && previous !== outPath ? [previous] : [])];
      await Promise.all(stale.map((p) => ctx.files.delete(p))).catch(() => undefined);
      ctx.log.info(
        {
          dubbingId,
          work: work.kind,
          spokenSeconds: result.spokenSeconds,
          seconds: (Date.now() - started) / 1000,
        },
        'dub made',
      );
      publish(done);
    } catch (err) {
      // Files of this run only: clips it replaced are still the row's.
      const mine = [...(outPath ? [outPath] : []), ...written];
      await Promise.all(mine.map((p) => ctx.files.delete(p))).catch(() => undefined);
      if (err instanceof Gone) return;
      ctx.log.error({ err, dubbingId }, 'dubbing failed');
      const failed = await ctx.db.transaction(async (tx) => {
        const updated = await repo.updateRunningDub(tx, row.id, {
          status: 'failed',
          error: err instanceof DubFailure ? err.message : 'The dub could not be made.',
          // A failed edit gives back what it charged (the speech it would have spoken again); the dub made
          // once before keeps its charge.
          refunded: !edit,
          completedAt: new Date(),
        });
        const back = edit ? (characters ?? 0) : row.characters;
        if (updated && back > 0) await repo.refundCharacters(tx, row.workspaceId, back);
        return updated;
      });
      if (failed) publish(failed);
    }
  },
});
