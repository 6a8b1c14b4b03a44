/**
 * Workspace tools (conversationalAi.tools.*, decision 190): webhook, client and system tools that agents use by
 * id (`prompt.tool_ids`). A webhook tool's headers may name workspace secrets, which must exist; a tool used by
 * agents is deleted only with force=true, which also takes it out of those agents' tool_ids (decision 251).
 */
import type { ToolConfig } from '@vocalis/contracts/conversational-ai-tools';
import type { ResourceAction, ResourceRole } from '@vocalis/domain/workspace/resource-permissions';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import * as secrets from './secrets.repo';
import * as repo from './tools.repo';
import { toolUsageByName, type ToolUsage } from './tool-usage.repo';

export const toolNotFound = (id: string) => notFound(`Tool with id ${id} was not found.`, 'tool_not_found');

const encodeCursor = (at: Date, id: string) =>
  Buffer.from(JSON.stringify([at.getTime(), id])).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at === 'number' && typeof id === 'string') return { at: new Date(at), id };
  } catch {
    // falls through
  }
  throw badRequest('The cursor is not one this server gave out.', 'invalid_cursor');
}

export class ToolsService {
  constructor(
    private readonly db: AppDb,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
  ) {}

  private async checkSecrets(workspaceId: string, config: ToolConfig): Promise<void> {
    if (config.type !== 'webhook') return;
    for (const value of Object.values(config.api_schema.request_headers ?? {})) {
      if (typeof value === 'string') continue;
      if (!(await secrets.findSecret(this.db, workspaceId, value.secret_id)))
        throw badRequest(`Secret with id ${value.secret_id} was not found.`, 'secret_not_found');
    }
  }

  /** Calls counted from the workspace's conversation records, by tool name (decision 233). */
  private usage(workspaceId: string, rows: repo.ToolWithCreator[]) {
    return toolUsageByName(this.db, workspaceId, [...new Set(rows.map((r) => r.name))]);
  }

  private access(caller: Principal): Promise<ResourceAccess> {
    return ResourceAccess.load(this.db, caller, 'convai_tools');
  }

  /**
   * The tool, when the caller may `action` it (shared resources, decisions 165, 262): one they may not read
   * answers 404 like another workspace's, one they may read but not change 403.
   */
  private async tool(caller: Principal, id: string, action: ResourceAction = 'read') {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    const row = await repo.findTool(this.db, workspaceId, id);
    if (!row) throw toolNotFound(id);
    access.require(row.id, row.createdBy, action, () => toolNotFound(id));
    return { workspaceId, row, access };
  }

  private present(
    row: repo.ToolWithCreator,
    userId: string,
    usage: Map<string, ToolUsage>,
    access: ResourceAccess,
  ) {
    return {
      id: row.id,
      tool_config: row.toolConfig,
      access_info: {
        is_creator: row.createdBy === userId,
        creator_name: row.creatorName ?? '',
        creator_email: row.creatorEmail ?? '',
        // Shown only to callers who may read it, so never `none`.
        role: access.level(row.id, row.createdBy) as ResourceRole,
      },
      usage_stats: usage.get(row.name) ?? { total_calls: 0, avg_latency_secs: 0 },
    };
  }

  async create(caller: Principal, config: ToolConfig) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    await this.checkSecrets(workspaceId, config);
    const id = `tool_${newId(24)}`;
    await repo.insertTool(this.db, {
      id,
      workspaceId,
      createdBy: caller.userId,
      type: config.type,
      name: config.name,
      toolConfig: config,
    });
    return this.get(caller, id);
  }

  async get(caller: Principal, id: string) {
    const { workspaceId, row, access } = await this.tool(caller, id);
    return this.present(row, caller.userId, await this.usage(workspaceId, [row]), access);
  }

  async list(
    caller: Principal,
    q: {
      search?: string;
      page_size: number;
      cursor?: string;
      types?: string | string[];
      used_by_agent_id?: string;
    },
  ) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.access(caller);
    const rows = await repo.listTools(this.db, workspaceId, {
      visible: access.visibility(),
      limit: q.page_size + 1,
      search: q.search,
      types: q.types === undefined ? undefined : [q.types].flat(),
      ids: q.used_by_agent_id ? await repo.agentToolIds(this.db, workspaceId, q.used_by_agent_id) : undefined,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    const page = rows.slice(0, q.page_size);
    const usage = await this.usage(workspaceId, page);
    const last = page.at(-1);
    const more = rows.length > q.page_size;
    return {
      tools: page.map((r) => this.present(r, caller.userId, usage, access)),
      next_cursor: more && last ? encodeCursor(last.createdAt, last.id) : null,
      has_more: more,
    };
  }

  async update(caller: Principal, id: string, config: ToolConfig) {
    const { workspaceId } = await this.tool(caller, id, 'edit');
    await this.checkSecrets(workspaceId, config);
    if (
      !(await repo.updateTool(this.db, workspaceId, id, {
        type: config.type,
        name: config.name,
        toolConfig: config,
      }))
    )
      throw toolNotFound(id);
    return this.get(caller, id);
  }

  async remove(caller: Principal, id: string, force: boolean): Promise<void> {
    const { workspaceId } = await this.tool(caller, id, 'delete');
    const dependents = await repo.dependentAgents(this.db, workspaceId, id);
    if (dependents.length && !force)
      throw conflict(
        `The tool is used by ${dependents.length} agent(s) (${dependents.map((a) => a.name).join(', ')}): remove it from them first or delete with force=true.`,
        'tool_has_dependent_agents',
      );
    // Forced: the agents stop naming it, or they could no longer be saved (an unknown tool id is refused).
    await this.db.transaction(async (tx) => {
      if (dependents.length) await repo.detachTool(tx as AppDb, workspaceId, id);
      await repo.deleteTool(tx as AppDb, workspaceId, id);
    });
  }

  async dependentAgents(caller: Principal, id: string) {
    const { workspaceId } = await this.tool(caller, id);
    const agents = await repo.dependentAgents(this.db, workspaceId, id);
    return {
      agents: agents.map((a) => ({
        type: 'available' as const,
        id: a.id,
        name: a.name,
        created_at_unix_secs: Math.floor(new Date(a.created_at).getTime() / 1000),
        access_level: 'admin' as const,
      })),
      next_cursor: null,
      has_more: false,
    };
  }

  /** The ids among these that are not tools of the workspace or that the caller may not read (agent validation). */
  async missing(caller: Principal, workspaceId: string, ids: string[]): Promise<string[]> {
    const access = await this.access(caller);
    return access.unreadable(ids, await repo.toolsByIds(this.db, workspaceId, ids));
  }
}
