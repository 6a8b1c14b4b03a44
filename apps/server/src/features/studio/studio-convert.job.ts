import type { AppDb } from '../../db/client';
import { defineJob } from '../../jobs/job';
import type { StudioConversionService } from './studio-conversion.service';
import { studioConvertSpec } from './studio-jobs';

/**
 * The conversion services of the apps in this process, by their database (decision 131): conversion speaks
 * through the text-to-speech service (voices, engines, speech workers), which lives in a process that serves
 * the API, so the job runs where an app registered one (the embedded default and WORKER_IN_PROCESS=true).
 */
const converters = new Map<AppDb, StudioConversionService>();

export function registerConverter(db: AppDb, service: StudioConversionService): () => void {
  converters.set(db, service);
  return () => converters.delete(db);
}

/** Converts the chapters of one request; one attempt (a retry would charge the blocks already made again). */
export const studioConvertJob = defineJob({
  ...studioConvertSpec,
  async perform(payload, ctx) {
    const service = converters.get(ctx.db);
    if (!service)
      throw new Error('studio conversion needs a process that serves the API (WORKER_IN_PROCESS=true)');
    await service.run(payload, new AbortController().signal);
  },
});
