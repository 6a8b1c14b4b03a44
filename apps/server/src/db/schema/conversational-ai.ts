import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A conversational agent (conversationalAi.agents.*, decision 150). The SDK's configuration is kept as sent:
 * the parts the server uses are validated (contracts/conversational-ai-agents.ts), everything else is stored
 * as JSON and returned unchanged, so SDK round trips lose nothing.
 */
export const convaiAgents = pgTable(
  'convai_agents',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    conversationConfig: jsonb('conversation_config').$type<Record<string, unknown>>().notNull(),
    platformSettings: jsonb('platform_settings').$type<Record<string, unknown>>().notNull(),
    workflow: jsonb('workflow').$type<Record<string, unknown> | null>(),
    /** Top-level fields of the request the server does not know, returned as they came. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    lastCallAt: timestamp('last_call_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('convai_agents_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);

/** A workspace secret (conversationalAi.secrets.*): the value encrypted with the server's key, never returned. */
export const convaiSecrets = pgTable(
  'convai_secrets',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** AES-256-GCM: iv, tag and ciphertext, base64url, joined by dots. */
    encryptedValue: text('encrypted_value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('convai_secrets_workspace_name_idx').on(t.workspaceId, t.name)],
);

/** The workspace's language model: an OpenAI-compatible chat-completions server (decision 151). */
export const convaiLlmSettings = pgTable('convai_llm_settings', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  model: text('model').notNull(),
  apiKeySecretId: text('api_key_secret_id').references(() => convaiSecrets.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** One conversation with an agent: transcript with timings, the recorded audio, metadata (decision 153). */
export const convaiConversations = pgTable(
  'convai_conversations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Not a foreign key: a conversation outlives its agent's deletion. */
    agentId: text('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    userId: text('user_id'),
    /** in-progress, done or failed. */
    status: text('status').notNull(),
    /** llm, retrieval or scripted: how the agent answered (decision 152). */
    mode: text('mode').notNull(),
    transcript: jsonb('transcript').$type<unknown[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    durationSeconds: real('duration_seconds').notNull().default(0),
    terminationReason: text('termination_reason'),
    audioPath: text('audio_path'),
    hasAudio: boolean('has_audio').notNull().default(false),
    /** Refreshed while the call runs; a call whose node stopped answering ends up not counted as running. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('convai_conversations_workspace_started_idx').on(t.workspaceId, t.startedAt.desc(), t.id.desc()),
    index('convai_conversations_workspace_status_idx').on(t.workspaceId, t.status),
  ],
);

/** A knowledge-base document (conversationalAi.knowledgeBase.*): its text, split into chunks for retrieval. */
export const convaiKnowledgeDocuments = pgTable(
  'convai_kb_documents',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** text, file or url. */
    type: text('type').notNull(),
    url: text('url'),
    content: text('content').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('convai_kb_documents_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A passage of a document, ranked by PostgreSQL full-text search (decision 154). */
export const convaiKnowledgeChunks = pgTable(
  'convai_kb_chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => convaiKnowledgeDocuments.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('convai_kb_chunks_document_idx').on(t.documentId, t.ordinal)],
);

/**
 * A workspace tool (conversationalAi.tools.*, decision 190): a webhook, client or system tool that agents list
 * by id in `conversation_config.agent.prompt.tool_ids`. The SDK's tool_config is kept as sent.
 */
export const convaiTools = pgTable(
  'convai_tools',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<'webhook' | 'client' | 'system'>().notNull(),
    name: text('name').notNull(),
    toolConfig: jsonb('tool_config').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('convai_tools_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
