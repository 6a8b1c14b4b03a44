/**
 * Conversations (decision 153): signed URLs and tokens, starting a call under the plan's limits (minutes per
 * month, calls at once), storing it when it ends (transcript, mixed audio as mp3), and the history routes.
 */
import {
  conversationalConcurrency,
  minutesExhaustedMessage,
  secondsLeft,
  tooManyConversationsMessage,
} from '@vocalis/domain/conversational-ai/conversation-limits';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import { discardFiles } from '../../storage/file-deletion.job';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import * as agentsRepo from './agents.repo';
import { agentNotFound } from './agents.service';
import type { ConversationSigner } from './conversation-access';
import type { SessionEnd } from './conversation-session';
import { presentConversation, presentConversationSummary } from './conversations.presenter';
import * as repo from './conversations.repo';
import {
  criteriaOf,
  dataFieldsOf,
  parseAnalysis,
  POST_CALL_SYSTEM_PROMPT,
  postCallRequest,
} from '@vocalis/domain/conversational-ai/post-call';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import type { LanguageModel } from './chat-completions';

const conversationNotFound = (id: string) =>
  notFound(`Conversation with id ${id} was not found.`, 'conversation_not_found');

export const monthStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export class ConversationsService {
  constructor(
    private readonly db: AppDb,
    private readonly files: FileStorage,
    private readonly signer: ConversationSigner,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
    private readonly publicUrl: string,
  ) {}

  private async ownAgent(caller: Principal, agentId: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const agent = await agentsRepo.findAgent(this.db, workspaceId, agentId);
    if (!agent) throw agentNotFound(agentId);
    // Shared resources (decision 165): an agent the caller may not read answers 404.
    const access = await ResourceAccess.load(this.db, caller, 'convai_agents');
    access.require(agent.id, agent.createdBy, 'read', () => agentNotFound(agentId));
    return agent;
  }

  async signedUrl(caller: Principal, agentId: string): Promise<{ signed_url: string }> {
    await this.ownAgent(caller, agentId);
    const signature = this.signer.sign(agentId, `conv_${newId(24)}`);
    const base = this.publicUrl.replace(/^http/, 'ws');
    return {
      signed_url: `${base}/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}&conversation_signature=${encodeURIComponent(signature)}`,
    };
  }

  async token(caller: Principal, agentId: string): Promise<{ token: string; conversation_id: string }> {
    await this.ownAgent(caller, agentId);
    const conversationId = `conv_${newId(24)}`;
    return { token: this.signer.sign(agentId, conversationId), conversation_id: conversationId };
  }

  /** Records the start of a call, or refuses it with the plan's limit (429). */
  async begin(input: {
    id: string;
    workspaceId: string;
    agentId: string;
    agentName: string;
    userId: string | null;
    mode: string;
    metadata: Record<string, unknown>;
  }): Promise<{ secondsLeft: number }> {
    const tier = await repo.workspaceTier(this.db, input.workspaceId);
    const concurrency = conversationalConcurrency(tier);
    let left = 0;
    const verdict = await repo
      .startConversation(
        this.db,
        { ...input, status: 'in-progress' },
        { concurrency, monthStart: monthStart() },
        (running, used) => {
          left = secondsLeft(tier, used);
          if (left <= 0) return 'minutes';
          return running >= concurrency ? 'concurrency' : 'ok';
        },
      )
      .catch((err: unknown) => {
        // A signed URL names its conversation: a second use would start the same conversation again.
        const code =
          (err as { code?: string; cause?: { code?: string } }).code ??
          (err as { cause?: { code?: string } }).cause?.code;
        if (code === '23505')
          throw new AppError(
            409,
            'conversation_already_started',
            'This signed URL was already used: get a new one.',
          );
        throw err;
      });
    if (verdict === 'minutes')
      throw new AppError(429, 'conversational_minutes_exceeded', minutesExhaustedMessage(tier));
    if (verdict === 'concurrency')
      throw new AppError(429, 'too_many_concurrent_conversations', tooManyConversationsMessage(concurrency));
    await agentsRepo.touchLastCall(this.db, input.agentId);
    return { secondsLeft: left };
  }

  heartbeat(id: string, seconds: number): Promise<void> {
    return repo.heartbeat(this.db, id, seconds);
  }

  async finish(
    ids: { id: string; workspaceId: string },
    end: SessionEnd,
    opts: { recordVoice: boolean; metadata: Record<string, unknown> },
  ): Promise<void> {
    let audioPath: string | null = null;
    if (opts.recordVoice && end.recording.length) {
      audioPath = `convai/${ids.workspaceId}/${ids.id}.mp3`;
      await this.files.put(audioPath, await encodeAudio(end.recording, 16000, 'mp3_44100_128'));
    }
    await repo.finishConversation(this.db, ids.id, {
      status: 'done',
      transcript: end.transcript,
      metadata: { ...opts.metadata, feedback: end.feedback },
      durationSeconds: end.durationSeconds,
      terminationReason: end.terminationReason,
      audioPath,
      hasAudio: audioPath !== null,
    });
  }

  /**
   * After the call is stored (decision 191): the post-call analysis when the agent has evaluation criteria or
   * data-collection fields and a language model, kept in the record; then the post_call_transcription webhook.
   */
  async afterCall(
    ids: { id: string; workspaceId: string },
    transcript: { role: string; message: string }[],
    analysis: { model: LanguageModel | null; platformSettings: Record<string, unknown> },
  ): Promise<void> {
    const criteria = criteriaOf(analysis.platformSettings);
    const fields = dataFieldsOf(analysis.platformSettings);
    if (analysis.model && (criteria.length || fields.length)) {
      let answer = '';
      for await (const event of analysis.model.stream(
        {
          messages: [
            { role: 'system', content: POST_CALL_SYSTEM_PROMPT },
            { role: 'user', content: postCallRequest(transcript, criteria, fields) },
          ],
          temperature: 0,
        },
        AbortSignal.timeout(60_000),
      ))
        if (event.type === 'text') answer += event.text;
      await repo.setAnalysis(this.db, ids.id, parseAnalysis(answer, criteria, fields));
    }
    const row = await repo.findConversation(this.db, ids.workspaceId, ids.id);
    if (row)
      await emitWebhookEvent(this.db, {
        workspaceId: ids.workspaceId,
        userId: null,
        type: 'post_call_transcription',
        data: presentConversation(row),
      });
  }

  private agentAccess(caller: Principal): Promise<ResourceAccess> {
    return ResourceAccess.load(this.db, caller, 'convai_agents');
  }

  /**
   * The conversation, when the caller may `action` its agent (decision 260): one whose agent they may not read
   * answers the conversation's own 404; deleting needs the right to change the agent's records (editor).
   */
  private async conversation(
    db: AppDb,
    access: ResourceAccess,
    workspaceId: string,
    id: string,
    action: 'read' | 'delete',
  ) {
    const row = await repo.findConversation(db, workspaceId, id);
    if (!row) throw conversationNotFound(id);
    access.require(row.agentId, row.agentCreatedBy, action, () => conversationNotFound(id));
    return row;
  }

  async list(caller: Principal, q: { page_size: number; agent_id?: string; cursor?: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.agentAccess(caller);
    let before: { startedAt: Date; id: string } | undefined;
    if (q.cursor) {
      const [ms, id] = Buffer.from(q.cursor, 'base64url').toString().split('|');
      if (ms && id && Number.isFinite(Number(ms))) before = { startedAt: new Date(Number(ms)), id };
    }
    const rows = await repo.listConversations(this.db, workspaceId, {
      limit: q.page_size + 1,
      visible: access.visibility(),
      agentId: q.agent_id,
      before,
    });
    const page = rows.slice(0, q.page_size);
    const last = page.at(-1);
    const hasMore = rows.length > q.page_size;
    return {
      conversations: page.map(presentConversationSummary),
      has_more: hasMore,
      next_cursor:
        hasMore && last ? Buffer.from(`${last.startedAt.getTime()}|${last.id}`).toString('base64url') : null,
    };
  }

  async get(caller: Principal, id: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.agentAccess(caller);
    return presentConversation(await this.conversation(this.db, access, workspaceId, id, 'read'));
  }

  async delete(caller: Principal, id: string): Promise<void> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    // Read before the transaction: it holds PGlite's one connection until it ends.
    const access = await this.agentAccess(caller);
    const path = await this.db.transaction(async (tx) => {
      await this.conversation(tx, access, workspaceId, id, 'delete');
      const row = await repo.deleteConversation(tx, workspaceId, id);
      if (!row) throw conversationNotFound(id);
      if (row.audioPath) await discardFiles(tx, [row.audioPath]);
      return row.audioPath;
    });
    if (path) await this.files.delete(path).catch(() => undefined);
  }

  async audio(caller: Principal, id: string): Promise<StoredFile> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const access = await this.agentAccess(caller);
    const row = await this.conversation(this.db, access, workspaceId, id, 'read');
    const file = row.audioPath ? await this.files.open(row.audioPath) : null;
    if (!file) throw notFound(`Conversation ${id} has no audio.`, 'conversation_audio_not_found');
    return file;
  }
}
