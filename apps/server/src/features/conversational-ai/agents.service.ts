/**
 * Agents (conversationalAi.agents.*, decision 150): create, list, get, update (deep merge), duplicate,
 * delete, per workspace. The voice must be one the workspace can speak with and the knowledge-base documents
 * its own; everything is checked before a row is written.
 */
import type {
  AgentResponse,
  AgentsPage,
  CreateAgentBody,
  UpdateAgentBody,
} from '@vocalis/contracts/conversational-ai';
import {
  DEFAULT_AGENT_NAME,
  mergeConfig,
  withoutRemovedDataFields,
} from '@vocalis/domain/conversational-ai/agent-config';
import type { ResourceAction } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { callerWorkspace, type Principal } from '../../plugins/auth';
import type { UsageService } from '../usage/usage.service';
import * as repo from './agents.repo';
import { presentAgent, presentAgentSummary, type AgentRole } from './agents.presenter';
import type { ModeResolver } from './agent-mode';

const KNOWN_KEYS = new Set(['conversation_config', 'platform_settings', 'workflow', 'name', 'tags']);
/** Request fields that steer the request itself and are never stored. */
const REQUEST_ONLY = new Set([
  'enable_versioning',
  'enable_versioning_if_not_enabled',
  'branch_id',
  'version_description',
]);

export const agentNotFound = (id: string) =>
  notFound(`Agent with id ${id} was not found.`, 'agent_not_found');

export type AgentChecks = {
  /** Whether the caller can speak with the voice in the workspace (one they may read, decision 165). */
  voiceUsable(caller: Principal, workspaceId: string, voiceId: string): Promise<boolean>;
  /** The ids among these that are not documents of the workspace or that the caller may not read. */
  missingDocuments(caller: Principal, workspaceId: string, ids: string[]): Promise<string[]>;
  /** The ids among these that are not tools of the workspace or that the caller may not read. */
  missingTools(caller: Principal, workspaceId: string, ids: string[]): Promise<string[]>;
};

const extraOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !KNOWN_KEYS.has(k) && !REQUEST_ONLY.has(k)));

const encodeCursor = (value: string, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): { value: string; id: string } {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof value === 'string' && typeof id === 'string') return { value, id };
  } catch {
    // falls through to the error below
  }
  throw badRequest('The cursor is not one this server gave out.', 'invalid_cursor');
}

export class AgentsService {
  constructor(
    private readonly db: AppDb,
    private readonly usage: Pick<UsageService, 'workspaceOf'>,
    private readonly checks: AgentChecks,
    private readonly modes: ModeResolver,
    readonly defaultVoiceId: string,
  ) {}

  workspaceOf(caller: Principal): Promise<{ id: string }> {
    return callerWorkspace(caller, this.usage);
  }

  private access(caller: Principal): Promise<ResourceAccess> {
    return ResourceAccess.load(this.db, caller, 'convai_agents');
  }

  /**
   * The agent, when the caller may `action` it (shared resources, decision 165): one they may not read
   * answers 404 like another workspace's, one they may read but not change 403.
   */
  async agent(caller: Principal, id: string, action: ResourceAction = 'read') {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const row = await repo.findAgent(this.db, workspaceId, id);
    if (!row) throw agentNotFound(id);
    const access = await this.access(caller);
    access.require(row.id, row.createdBy, action, () => agentNotFound(id));
    return { workspaceId, row, role: access.level(row.id, row.createdBy) as AgentRole };
  }

  private async check(
    caller: Principal,
    workspaceId: string,
    config: Record<string, unknown>,
    /** The stored configuration: a voice kept as it was is not checked again (its chooser could use it). */
    before?: Record<string, unknown>,
  ): Promise<void> {
    const voiceOf = (c?: Record<string, unknown>) =>
      (c?.tts as { voice_id?: string | null } | null | undefined)?.voice_id;
    const voiceId = voiceOf(config);
    const changed = !before || voiceOf(before) !== voiceId;
    if (voiceId && changed && !(await this.checks.voiceUsable(caller, workspaceId, voiceId)))
      throw badRequest(`A voice with voice_id ${voiceId} was not found.`, 'voice_not_found');
    const prompt = (config.agent as { prompt?: { knowledge_base?: { id: string }[] | null } | null } | null)
      ?.prompt;
    // Documents and tools already on the agent are not checked again (whoever attached them could read them),
    // as with its voice; newly attached ones must be readable by the caller (decision 262).
    const promptOf = (c?: Record<string, unknown>) =>
      (
        c?.agent as {
          prompt?: { knowledge_base?: { id: string }[] | null; tool_ids?: unknown } | null;
        } | null
      )?.prompt;
    const kept = new Set([
      ...(promptOf(before)?.knowledge_base?.map((d) => d.id) ?? []),
      ...(Array.isArray(promptOf(before)?.tool_ids) ? (promptOf(before)!.tool_ids as string[]) : []),
    ]);
    const ids = (prompt?.knowledge_base?.map((d) => d.id) ?? []).filter((id) => !kept.has(id));
    const missing = ids.length ? await this.checks.missingDocuments(caller, workspaceId, ids) : [];
    if (missing.length)
      throw badRequest(
        `Knowledge base document ${missing[0]} was not found in this workspace.`,
        'knowledge_base_document_not_found',
      );
    const toolIds = (prompt as { tool_ids?: unknown } | null | undefined)?.tool_ids;
    const named = Array.isArray(toolIds)
      ? toolIds.filter((i): i is string => typeof i === 'string' && !kept.has(i))
      : [];
    const absent = named.length ? await this.checks.missingTools(caller, workspaceId, named) : [];
    if (absent.length) throw badRequest(`Tool with id ${absent[0]} was not found.`, 'tool_not_found');
  }

  async create(caller: Principal, body: CreateAgentBody): Promise<{ agent_id: string }> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    await this.check(caller, workspaceId, body.conversation_config);
    const id = `agent_${newId(24)}`;
    await repo.insertAgent(this.db, {
      id,
      workspaceId,
      createdBy: caller.userId,
      name: body.name?.trim() || DEFAULT_AGENT_NAME,
      tags: body.tags ?? [],
      conversationConfig: body.conversation_config,
      platformSettings: withoutRemovedDataFields(body.platform_settings ?? {}),
      workflow: body.workflow ?? null,
      extra: extraOf(body),
    });
    return { agent_id: id };
  }

  async get(caller: Principal, id: string): Promise<AgentResponse> {
    const { workspaceId, row, role } = await this.agent(caller, id);
    return presentAgent(
      row,
      caller.userId,
      await this.modes.modeOf(workspaceId, row.conversationConfig),
      role,
    );
  }

  async list(
    caller: Principal,
    q: {
      page_size: number;
      search?: string;
      cursor?: string;
      sort_by: 'name' | 'created_at';
      sort_direction: 'asc' | 'desc';
      archived?: 'true' | 'false';
    },
  ): Promise<AgentsPage> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    const rows = await repo.listAgents(this.db, workspaceId, {
      visible: access.visibility(),
      limit: q.page_size + 1,
      search: q.search?.trim() || undefined,
      sortBy: q.sort_by,
      direction: q.sort_direction,
      after: q.cursor ? decodeCursor(q.cursor) : undefined,
      archived: q.archived === undefined ? undefined : q.archived === 'true',
    });
    const page = rows.slice(0, q.page_size);
    const last = page.at(-1);
    const hasMore = rows.length > q.page_size;
    return {
      agents: page.map((r) =>
        presentAgentSummary(
          r,
          caller.userId,
          this.defaultVoiceId,
          access.level(r.id, r.createdBy) as AgentRole,
        ),
      ),
      has_more: hasMore,
      next_cursor:
        hasMore && last
          ? encodeCursor(q.sort_by === 'name' ? last.name : last.createdAt.toISOString(), last.id)
          : null,
    };
  }

  async update(caller: Principal, id: string, body: UpdateAgentBody): Promise<AgentResponse> {
    const { workspaceId, row } = await this.agent(caller, id, 'edit');
    const conversationConfig = mergeConfig(row.conversationConfig, body.conversation_config);
    const platformSettings = withoutRemovedDataFields(
      mergeConfig(row.platformSettings, body.platform_settings),
    );
    await this.check(caller, workspaceId, conversationConfig, row.conversationConfig);
    await repo.updateAgent(this.db, workspaceId, id, {
      conversationConfig,
      platformSettings,
      ...(body.workflow !== undefined && { workflow: body.workflow }),
      ...(body.name != null && { name: body.name.trim() || row.name }),
      ...(body.tags != null && { tags: body.tags }),
      extra: { ...row.extra, ...extraOf(body) },
    });
    return this.get(caller, id);
  }

  async duplicate(caller: Principal, id: string, name?: string | null): Promise<{ agent_id: string }> {
    const { workspaceId, row } = await this.agent(caller, id);
    const copy = `agent_${newId(24)}`;
    await repo.insertAgent(this.db, {
      id: copy,
      workspaceId,
      createdBy: caller.userId,
      name: name?.trim() || `${row.name} (copy)`,
      tags: row.tags,
      conversationConfig: row.conversationConfig,
      platformSettings: row.platformSettings,
      workflow: row.workflow,
      extra: row.extra,
    });
    return { agent_id: copy };
  }

  async delete(caller: Principal, id: string): Promise<void> {
    const { workspaceId } = await this.agent(caller, id, 'delete');
    if (!(await repo.deleteAgent(this.db, workspaceId, id))) throw agentNotFound(id);
  }
}
