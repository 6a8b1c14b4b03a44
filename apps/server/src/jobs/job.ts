import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import type { EventBus } from '../live/event-bus';
import type { FileStorage } from '../storage/file-storage';

/** What a job may use while it runs. */
export type JobContext = {
  db: AppDb;
  config: Config;
  bus: EventBus;
  /** The file store STORAGE_URL names (local folder or bucket). */
  files: FileStorage;
  log: FastifyBaseLogger;
  attempt: number;
  maxAttempts: number;
};

/** What enqueuing a job needs: its name, payload schema and retry policy (no dependency on its work). */
export type JobSpec<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  /** graphile-worker retries with exponential back-off (e^attempt seconds) until this many attempts. */
  maxAttempts: number;
};

/** A background job: typed payload, `perform`, retry policy. Only services enqueue jobs. */
export type JobDefinition<S extends z.ZodType = z.ZodType> = JobSpec<S> & {
  perform(payload: z.infer<S>, ctx: JobContext): Promise<void>;
  /**
   * A crontab time spec (`'17 * * * *'`): graphile-worker also runs the job on this schedule, once per
   * tick across every node (its `known_crontabs` table).
   */
  cron?: string;
};

/**
 * A job's spec alone, for services that enqueue it while its `perform` needs those same services (the
 * job file spreads the spec into `defineJob`), so no import circle forms.
 */
export const jobSpec = <S extends z.ZodType>(spec: JobSpec<S>) => spec;

export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>) => job;
