import { index, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/** A word of a stored transcript (times in seconds, confidence 0-1, speaker index when diarized). */
export type StoredWord = { text: string; start: number; end: number; confidence: number; speaker?: number };

/** What the caller asked for, kept so a transcript reads back the way it was answered. */
export type TranscriptOptions = {
  granularity: 'none' | 'word' | 'character';
  diarize: boolean;
  numSpeakers: number | null;
  tagAudioEvents: boolean;
  /** Requested additional_formats, as parsed (format + options). */
  additionalFormats: Record<string, unknown>[];
  /** Webhook mode: the accepting request's id and the webhook it named, if any (decision 121). */
  webhook?: { requestId: string; webhookId: string | null };
};

/**
 * A speech-to-text transcript of a workspace (docs/decisions/090): `processing` while a job works on a
 * webhook-mode request (its audio waits in file storage at `audio_path`), then `completed` or `failed`.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** api (ElevenLabs route), openai, or app (the page). */
    source: text('source').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    modelId: text('model_id').notNull(),
    engine: text('engine').notNull(),
    fileName: text('file_name'),
    /** Requested language (ISO 639-1), null for detection. */
    requestedLanguage: text('requested_language'),
    languageCode: text('language_code'),
    languageProbability: real('language_probability'),
    text: text('text'),
    words: jsonb('words').$type<StoredWord[]>(),
    audioDurationSecs: real('audio_duration_secs').notNull(),
    /** Seconds charged against the plan (refunded when the job fails). */
    chargedSeconds: real('charged_seconds').notNull(),
    options: jsonb('options').$type<TranscriptOptions>().notNull(),
    audioPath: text('audio_path'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('transcripts_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * Seconds of audio a workspace transcribed or aligned in its current monthly period (decision 092), debited
 * in one statement that refuses to pass the plan's allowance.
 */
export const transcriptionUsage = pgTable('transcription_usage', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  secondsUsed: real('seconds_used').notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true, precision: 3 }).notNull(),
});
