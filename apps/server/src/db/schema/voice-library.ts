import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { voices } from './voices';
import { workspaces } from './workspaces';

export type ReaderResource = { resource_type: 'read' | 'collection'; resource_id: string };

// content-and-workspace.md §3 "Voice sharing settings": one row per voice its owner ever shared (decision 080).
export const voiceSharing = pgTable(
  'voice_sharing',
  {
    voiceId: text('voice_id')
      .primaryKey()
      .references(() => voices.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The sharer's public_user_id, kept so the voice's library address never changes. */
    publicOwnerId: text('public_owner_id').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
    enableLibrary: boolean('enable_library').notNull().default(true),
    noticePeriodDays: integer('notice_period_days').notNull(),
    customRate: real('custom_rate'),
    liveModeration: boolean('live_moderation').notNull().default(false),
    freeUsersAllowed: boolean('free_users_allowed').notNull().default(true),
    previewHistoryItemId: text('preview_history_item_id'),
    voiceMixingAllowed: boolean('voice_mixing_allowed').notNull().default(false),
    /** The library's labels (gender, age, accent, descriptive, use_case …) over the voice's own. */
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    readerAppEnabled: boolean('reader_app_enabled').notNull().default(false),
    readerRestrictedOn: jsonb('reader_restricted_on').$type<ReaderResource[]>().notNull().default([]),
    whitelistedEmails: jsonb('whitelisted_emails').$type<string[]>().notNull().default([]),
    featured: boolean('featured').notNull().default(false),
    enabledAt: timestamp('enabled_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('voice_sharing_public_idx').on(t.publicOwnerId),
    index('voice_sharing_status_idx').on(t.status, t.enabledAt),
  ],
);

/**
 * Every copy ever added from the library (the copy row itself may be deleted later): share stats count
 * copies and, through the copy's id, the generations made with it.
 */
export const voiceLibraryCopies = pgTable(
  'voice_library_copies',
  {
    copyVoiceId: text('copy_voice_id').primaryKey(),
    originalVoiceId: text('original_voice_id').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('voice_library_copies_original_idx').on(t.originalVoiceId, t.createdAt)],
);

// Voice collections of a workspace (/app/voice-library/collections, the SDK's voices.collections).
export const voiceCollections = pgTable(
  'voice_collections',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    icon: text('icon').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('voice_collections_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** A voice in a collection: any voice id the workspace can use (premade ids too, so no foreign key). */
export const voiceCollectionVoices = pgTable(
  'voice_collection_voices',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => voiceCollections.id, { onDelete: 'cascade' }),
    voiceId: text('voice_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.voiceId] })],
);
