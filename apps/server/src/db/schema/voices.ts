import { boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/** The categories a workspace's own voice can have (premade voices live in code). */
export const CUSTOM_VOICE_CATEGORIES = ['cloned', 'generated', 'professional'] as const;
export type CustomVoiceCategory = (typeof CUSTOM_VOICE_CATEGORIES)[number];

/**
 * A fitted voice profile as stored (docs/decisions/060): what the samples measured, the base voice's
 * gender, and the rendering fitted on each engine voice.
 */
export type StoredVoiceProfile = {
  version: 1;
  gender: 'male' | 'female';
  measure: Record<string, number>;
  renderings: Record<
    'flite' | 'rhvoice' | 'espeak',
    | {
        voice: string;
        prosody: { pitch: number; rate: number; pitchVariation: number };
        brightnessDb: number;
      }
    | undefined
  >;
  /** A designed voice's attributes (decision 075), so a remix starts from what it was. */
  design?: Record<string, string>;
  /** The voice's speaker on the voice cloning server (decision 076), for the samples of `version`. */
  remote?: { url: string; version: string; speakerId: string };
};

/** A verification attempt of a professional voice (the SDK's VerificationAttemptResponse). */
export type PvcVerificationAttempt = {
  text: string;
  dateUnix: number;
  accepted: boolean;
  /** Share of the captcha's words recognised in order (0..1). */
  similarity: number;
  levenshteinDistance: number;
  /** What the recogniser heard. */
  heard: string;
  /** How far the reader's voice lay from the samples' (decision 087; absent on attempts before it). */
  speakerDistance?: number | null;
  /** Why the attempt was refused (CAPTCHA_FAILURES). */
  failure?: string;
};

/**
 * A professional voice's training and verification (decision 084): the SDK's FineTuningResponse state,
 * progress and message per model, the captcha attempts and a manual verification request.
 */
export type PvcState = {
  state: Record<string, 'not_started' | 'queued' | 'fine_tuning' | 'fine_tuned' | 'failed' | 'delayed'>;
  progress: Record<string, number>;
  message: Record<string, string>;
  /** The text the next captcha recording must read. */
  captchaText: string;
  /** The accepted captcha reading (16 kHz WAV in file storage) and its text: training times the rate on it (decision 088). */
  knownReading?: { path: string; text: string };
  attempts: PvcVerificationAttempt[];
  manualVerification?: {
    extraText: string;
    requestTimeUnix: number;
    files: { fileName: string; mimeType: string; sizeBytes: number }[];
  };
  /** Sentence statistics of the trained profile (profile/fine-fit.ts). */
  stats?: Record<string, number | number[]>;
  datasetDurationSeconds?: number;
};

/** A sample's speaker separation (profile/speakers.ts), as the SDK's SpeakerSeparationResponseModel keeps it. */
export type SampleSpeakers = {
  status: 'not_started' | 'pending' | 'completed' | 'failed';
  speakers: {
    speakerId: string;
    durationSecs: number;
    pitchHz: number;
    utterances: { start: number; end: number }[];
  }[];
  selectedSpeakerIds: string[];
};

// content-and-workspace.md §3 "Voice": a workspace's own voice (cloned, generated, professional).
export const voices = pgTable(
  'voices',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category', { enum: CUSTOM_VOICE_CATEGORIES }).notNull(),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    language: text('language').notNull().default('en'),
    profile: jsonb('profile').$type<StoredVoiceProfile>().notNull(),
    /** content-and-workspace.md §4 voice safety: BAN or CAPTCHA, null when neither. */
    safetyControl: text('safety_control', { enum: ['BAN', 'CAPTCHA'] }),
    requiresVerification: boolean('requires_verification').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** A professional voice's training and verification; null for other voices. */
    pvc: jsonb('pvc').$type<PvcState>(),
    /** A copy added from the voice library (decision 080): the original, its public owner, the copy's state. */
    copyOfVoiceId: text('copy_of_voice_id'),
    copyPublicOwnerId: text('copy_public_owner_id'),
    copyStatus: text('copy_status', { enum: ['copied', 'copied_disabled'] }),
    /** Set when the owner stops sharing: the end of the notice period, after which the copy is disabled. */
    copyDisableAt: timestamp('copy_disable_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('voices_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('voices_copy_of_idx').on(t.copyOfVoiceId),
  ],
);

// A voice's recorded samples: the upload as it came (original) and the 16 kHz mono WAV it was measured on.
export const voiceSamples = pgTable(
  'voice_samples',
  {
    id: text('id').primaryKey(),
    voiceId: text('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    hash: text('hash').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** Keys in file storage: voices/<workspace>/<voice>/<sample>.original.<type> and .16k.wav. */
    originalPath: text('original_path').notNull(),
    processedPath: text('processed_path').notNull(),
    removeBackgroundNoise: boolean('remove_background_noise').notNull().default(false),
    /** The kept part of the upload, ms (null: from the start / to the end); the processed audio is cut to it. */
    trimStartMs: integer('trim_start_ms'),
    trimEndMs: integer('trim_end_ms'),
    /** A professional voice's sample: its speaker separation, null until asked for. */
    speakers: jsonb('speakers').$type<SampleSpeakers>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('voice_samples_voice_idx').on(t.voiceId, t.createdAt)],
);

/**
 * One voice add or edit (billing.md: at most round(1.5 × voice_limit + 50) a month). Kept when the voice
 * is deleted: deleting does not give an add back.
 */
export const voiceAddEdits = pgTable(
  'voice_add_edits',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    voiceId: text('voice_id').notNull(),
    kind: text('kind', { enum: ['add', 'edit'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('voice_add_edits_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);
