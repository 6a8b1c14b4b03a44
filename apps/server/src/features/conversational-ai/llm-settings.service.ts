/**
 * Workspace secrets and the workspace's language model (decision 151). Secret values are sealed at rest and
 * never returned; the model's API key is a secret of the same workspace. A secret the model or a webhook tool's
 * header uses cannot be deleted while it does.
 */
import type { LlmSettingsResponse, SecretsPage } from '@vocalis/contracts/conversational-ai-settings';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { publicFetch } from '../../lib/public-fetch';
import type { Principal } from '../../plugins/auth';
import { chatCompletionsModel, type LanguageModel } from './chat-completions';
import * as settingsRepo from './llm-settings.repo';
import type { SecretBox } from '../../lib/secret-box';
import * as repo from './secrets.repo';
import * as toolsRepo from './tools.repo';

const secretNotFound = (id: string) => notFound(`Secret with id ${id} was not found.`, 'secret_not_found');

export class LlmSettingsService {
  constructor(
    private readonly db: AppDb,
    private readonly box: SecretBox,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
    private readonly outbound: { allowPrivate: boolean },
  ) {}

  async createSecret(caller: Principal, input: { name: string; value: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const id = newId();
    const created = await repo.insertSecret(this.db, {
      id,
      workspaceId,
      name: input.name,
      encryptedValue: this.box.seal(input.value),
    });
    if (!created) throw conflict(`A secret named ${input.name} already exists.`, 'secret_name_taken');
    return { type: 'stored' as const, secret_id: id, name: input.name };
  }

  async listSecrets(caller: Principal, q: { page_size: number; search?: string }): Promise<SecretsPage> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const rows = await repo.listSecrets(this.db, workspaceId, {
      limit: q.page_size,
      search: q.search?.trim() || undefined,
    });
    const tools = await toolsRepo.toolsUsingSecrets(this.db, workspaceId);
    return {
      secrets: rows.map((r) => ({
        type: 'stored' as const,
        secret_id: r.id,
        name: r.name,
        used_by: {
          tools: tools
            .filter((t) => t.secret_id === r.id)
            .map((t) => ({
              type: 'available' as const,
              id: t.id,
              name: t.name,
              created_at_unix_secs: Math.floor(new Date(t.created_at).getTime() / 1000),
              access_level: 'admin' as const,
            })),
          agents: [],
          others: [],
        },
      })),
      next_cursor: null,
    };
  }

  async updateSecret(caller: Principal, id: string, input: { name: string; value: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const ok = await repo.updateSecret(this.db, workspaceId, id, {
      name: input.name,
      encryptedValue: this.box.seal(input.value),
    });
    if (!ok) throw secretNotFound(id);
    return { type: 'stored' as const, secret_id: id, name: input.name };
  }

  async deleteSecret(caller: Principal, id: string): Promise<void> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const llm = await settingsRepo.findLlmSettings(this.db, workspaceId);
    if (llm?.apiKeySecretId === id)
      throw conflict(
        'The workspace language model uses this secret as its API key: change that first.',
        'secret_in_use',
      );
    // A tool whose header names the secret could neither call nor be saved again without it (decision 253).
    const users = (await toolsRepo.toolsUsingSecrets(this.db, workspaceId)).filter((t) => t.secret_id === id);
    if (users.length)
      throw conflict(
        `The tool(s) ${users.map((t) => t.name).join(', ')} send this secret in their headers: change them first.`,
        'secret_in_use',
      );
    if (!(await repo.deleteSecret(this.db, workspaceId, id))) throw secretNotFound(id);
  }

  async getLlm(caller: Principal): Promise<LlmSettingsResponse> {
    const row = await settingsRepo.findLlmSettings(this.db, (await this.workspaceOf(caller)).id);
    return {
      configured: row !== undefined,
      base_url: row?.baseUrl ?? null,
      model: row?.model ?? null,
      api_key_secret_id: row?.apiKeySecretId ?? null,
    };
  }

  async setLlm(
    caller: Principal,
    input: { base_url: string; model: string; api_key_secret_id?: string | null },
  ): Promise<LlmSettingsResponse> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    if (input.api_key_secret_id && !(await repo.findSecret(this.db, workspaceId, input.api_key_secret_id)))
      throw badRequest(`Secret with id ${input.api_key_secret_id} was not found.`, 'secret_not_found');
    await settingsRepo.upsertLlmSettings(this.db, {
      workspaceId,
      baseUrl: input.base_url,
      model: input.model,
      apiKeySecretId: input.api_key_secret_id ?? null,
    });
    return this.getLlm(caller);
  }

  async clearLlm(caller: Principal): Promise<LlmSettingsResponse> {
    await settingsRepo.deleteLlmSettings(this.db, (await this.workspaceOf(caller)).id);
    return this.getLlm(caller);
  }

  /** The workspace's model, ready to stream, or null when none is configured. */
  async modelFor(workspaceId: string): Promise<LanguageModel | null> {
    const row = await settingsRepo.findLlmSettings(this.db, workspaceId);
    if (!row) return null;
    const secret = row.apiKeySecretId
      ? await repo.findSecret(this.db, workspaceId, row.apiKeySecretId)
      : undefined;
    return chatCompletionsModel({
      baseUrl: row.baseUrl,
      model: row.model,
      apiKey: secret ? this.box.open(secret.encryptedValue) : null,
      fetch: (url, init) =>
        publicFetch(url, {
          signal: init.signal,
          allowPrivate: this.outbound.allowPrivate,
          send: { method: init.method, headers: init.headers, body: init.body },
        }),
    });
  }
}
