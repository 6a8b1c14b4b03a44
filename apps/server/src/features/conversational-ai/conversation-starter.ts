/**
 * Opens a conversation (decision 153): finds the agent, checks who may talk to it, reads the client's
 * initiation data (overrides the agent allows, dynamic variables), picks the answering mode, the recogniser
 * and the voice, takes a place under the plan's limits, and starts the session.
 */
import {
  DEFAULT_MAX_DURATION_SECONDS,
  mergeConfig,
  substituteVariables,
  systemVariables,
} from '@vocalis/domain/conversational-ai/agent-config';
import { resample } from '@vocalis/speech/audio/resample';
import { ResourceAccess } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { SttEngines } from '../speech-to-text/stt-engines';
import { attachedDocumentIds, type ModeResolver } from './agent-mode';
import type { AgentVoices } from './agent-voice';
import type { ResponderContext } from './agent-responder';
import { transferRules } from './agent-transfer';
import { numberTransferRules, type CallTransfer } from './number-transfer';
import * as agentsRepo from './agents.repo';
import type { AgentRow } from './agents.repo';
import { agentNotFound } from './agents.service';
import type { ConversationSigner } from './conversation-access';
import { initiationData, type InitiationData } from './conversation-protocol';
import { ConversationSession } from './conversation-session';
import type { ConversationsService } from './conversations.service';
import * as kb from './knowledge-base.repo';
import type { LlmSettingsService } from './llm-settings.service';
import * as toolsRepo from './tools.repo';
import { webhookTool } from './webhook-tools';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** The parts of the client's override the agent's platform_settings.overrides allow (ElevenLabs' rule). */
export function allowedOverride(platformSettings: Obj, override: Obj | null | undefined): Obj {
  const allowed = obj(obj(platformSettings.overrides).conversation_config_override);
  const out: Obj = {};
  for (const [section, fields] of Object.entries(obj(override))) {
    const may = obj(allowed[section]);
    const kept: Obj = {};
    for (const [field, value] of Object.entries(obj(fields)))
      if (
        value !== undefined &&
        value !== null &&
        (may[field] === true || (field === 'prompt' && obj(may.prompt).prompt === true))
      )
        kept[field] = value;
    if (Object.keys(kept).length) out[section] = kept;
  }
  return out;
}

export type OpenInput = {
  agentId: string;
  signature: string | null;
  principal: Principal | null;
  send(message: object): void;
  close(code: number, reason: string): void;
  firstMessage(): Promise<unknown>;
  /** The Origin header of the socket's upgrade request (browsers send it). */
  origin?: string;
  /** More for the record's metadata (a phone call's direction and numbers, decision 226). */
  metadata?: Record<string, unknown>;
  /** The phone line's transfer to a number (decision 256); absent, transfer_to_number is not offered. */
  transferCall?: CallTransfer;
};

/** platform_settings.auth.allowlist: hostnames whose pages may open a conversation (empty: any). */
export function originAllowed(platformSettings: Obj, origin: string | undefined): boolean {
  const list = obj(platformSettings.auth).allowlist;
  const hosts = Array.isArray(list)
    ? list
        .map((e) =>
          String(obj(e).hostname ?? '')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean)
    : [];
  if (!hosts.length) return true;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const bare = host.replace(/:\d+$/, '');
  return hosts.some((h) => h === host || h === bare);
}

export class ConversationStarter {
  constructor(
    private readonly d: {
      db: AppDb;
      signer: ConversationSigner;
      workspaceOf: (caller: Principal) => Promise<{ id: string }>;
      modes: ModeResolver;
      llm: LlmSettingsService;
      stt: () => SttEngines | undefined;
      voices: AgentVoices;
      conversations: ConversationsService;
      defaultVoiceId: string;
      /** The opened value of a workspace secret (webhook tool headers), or null. */
      openSecret(workspaceId: string, secretId: string): Promise<string | null>;
      allowPrivate: boolean;
      /** This server's own origin (PUBLIC_URL): its pages may talk to any agent of the user. */
      appOrigin?: string;
      log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
    },
  ) {}

  async open(input: OpenInput): Promise<ConversationSession> {
    const { d } = this;
    const agent = await agentsRepo.findAgentById(d.db, input.agentId);
    if (!agent) throw agentNotFound(input.agentId);
    let conversationId: string | null = null;
    if (input.signature) {
      conversationId = d.signer.verify(agent.id, input.signature);
      if (!conversationId)
        throw new AppError(401, 'invalid_signature', 'The conversation signature is invalid or has expired.');
    } else if (input.principal) {
      if ((await d.workspaceOf(input.principal)).id !== agent.workspaceId) throw agentNotFound(agent.id);
      // Shared resources (decision 165): a member who may not read the agent does not learn it exists.
      const access = await ResourceAccess.load(d.db, input.principal, 'convai_agents');
      access.require(agent.id, agent.createdBy, 'read', () => agentNotFound(agent.id));
    } else if (obj(obj(agent.platformSettings).auth).enable_auth === true) {
      throw forbidden(
        'This agent is private: start the conversation with a signed URL.',
        'authorization_required',
      );
    }
    // The app's own pages (talk-to, playground) are not third-party sites: the allow-list does not apply to them.
    const ownPage = input.origin !== undefined && input.origin === d.appOrigin;
    if (!ownPage && (input.origin !== undefined || (!input.principal && !input.signature))) {
      if (!originAllowed(agent.platformSettings, input.origin))
        throw forbidden('This origin is not allowed to talk to this agent.', 'origin_not_allowed');
    }
    conversationId ??= `conv_${newId(24)}`;

    const first = await input.firstMessage();
    const init: InitiationData | null = initiationData.safeParse(first).success
      ? initiationData.parse(first)
      : null;
    const config = mergeConfig(
      agent.conversationConfig,
      allowedOverride(agent.platformSettings, init?.conversation_config_override),
    );
    const agentCfg = obj(config.agent);
    const tts = obj(config.tts);
    const conversationCfg = obj(config.conversation);
    const variables = {
      ...obj(obj(agentCfg.dynamic_variables).dynamic_variable_placeholders),
      ...(init?.dynamic_variables ?? {}),
      ...systemVariables({ agentId: agent.id, conversationId, now: new Date() }),
    };
    const engines = d.stt();
    const stt = (lang: string) => (engines ? engines.pick('scribe_v1', lang) : null);
    const textOnly = conversationCfg.text_only === true;
    const format = (tts.agent_output_audio_format as string | undefined) ?? 'pcm_16000';
    const rate = Number(format.split('_')[1]);
    const { mode, model, language, responder, plan, firstMessage } = await this.runtime(
      agent,
      config,
      variables,
      textOnly,
    );

    const { secondsLeft } = await d.conversations.begin({
      id: conversationId,
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      agentName: agent.name,
      userId: init?.user_id ?? input.principal?.userId ?? null,
      mode,
      metadata: { ...input.metadata, dynamic_variables: variables },
    });
    const privacy = obj(obj(agent.platformSettings).privacy);
    const session = new ConversationSession({
      conversationId,
      firstMessage,
      responder,
      voice: plan ? { voices: d.voices, plan, format, rate } : null,
      stt,
      language: language.split('-')[0]!,
      turnTimeoutSeconds:
        ((obj(config.turn).turn_timeout as number | undefined) ?? -1) > 0
          ? (obj(config.turn).turn_timeout as number)
          : null,
      maxSeconds: Math.min(
        (conversationCfg.max_duration_seconds as number | undefined) ?? DEFAULT_MAX_DURATION_SECONDS,
        secondsLeft,
      ),
      silenceEndSeconds:
        ((obj(config.turn).silence_end_call_timeout as number | undefined) ?? -1) > 0
          ? (obj(config.turn).silence_end_call_timeout as number)
          : null,
      interruptions:
        !Array.isArray(conversationCfg.client_events) ||
        (conversationCfg.client_events as unknown[]).includes('interruption'),
      send: input.send,
      close: input.close,
      transferCall: input.transferCall,
      heartbeat: (s) => void d.conversations.heartbeat(conversationId, s).catch(() => undefined),
      finish: async (end) => {
        const ids = { id: conversationId, workspaceId: agent.workspaceId };
        try {
          await d.conversations.finish(ids, end, {
            recordVoice: privacy.record_voice !== false,
            metadata: {
              ...input.metadata,
              dynamic_variables: variables,
              ...(end.agentTransfers.length ? { agent_transfers: end.agentTransfers } : {}),
            },
          });
        } catch (err) {
          d.log.error({ err, conversationId }, 'conversation not stored');
          return;
        }
        const analysisModel = model ?? (await d.llm.modelFor(agent.workspaceId).catch(() => null));
        await d.conversations
          .afterCall(ids, end.transcript, {
            model: analysisModel,
            platformSettings: obj(agent.platformSettings),
          })
          .catch((err: unknown) => d.log.error({ err, conversationId }, 'post-call analysis failed'));
      },
      toRecording: async (pcm, r) => {
        const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.length & ~1)));
        return r === 16000 ? samples : resample(samples, r, 16000);
      },
      transfer: async (rule) => {
        // Only agents of the same workspace; the client keeps the audio format the call started with.
        const target = await agentsRepo.findAgentById(d.db, rule.agentId);
        if (!target || target.workspaceId !== agent.workspaceId) return null;
        const next = await this.runtime(
          target,
          target.conversationConfig,
          { ...variables, system__agent_id: target.id },
          textOnly,
        );
        return {
          agentId: target.id,
          agentName: target.name,
          firstMessage: next.firstMessage,
          responder: next.responder,
          voice: next.plan ? { voices: d.voices, plan: next.plan, format, rate } : null,
        };
      },
      log: d.log,
    });
    session.start();
    return session;
  }

  /** How an agent answers and speaks in a conversation: mode, model, prompt, tools, voice, first message. */
  private async runtime(agent: AgentRow, config: Obj, variables: Obj, textOnly: boolean) {
    const { d } = this;
    const agentCfg = obj(config.agent);
    const prompt = obj(agentCfg.prompt);
    const tts = obj(config.tts);
    const language = (agentCfg.language as string | undefined) || 'en';
    const mode = await d.modes.modeOf(agent.workspaceId, config);
    const model = mode === 'llm' ? await d.llm.modelFor(agent.workspaceId) : null;
    const plan = textOnly
      ? null
      : await d.voices.plan({
          userId: agent.createdBy,
          voiceId: (tts.voice_id as string | undefined) || d.defaultVoiceId,
          language,
          settings: tts as { stability?: number; similarity_boost?: number; speed?: number },
        });
    const documents = attachedDocumentIds(config);
    const toolIds = Array.isArray(prompt.tool_ids)
      ? (prompt.tool_ids as unknown[]).filter((i): i is string => typeof i === 'string')
      : [];
    const stored = await toolsRepo.toolsByIds(d.db, agent.workspaceId, toolIds);
    const tools = [...((prompt.tools as Obj[] | undefined) ?? []), ...stored.map((t) => t.toolConfig)];
    const systemNames = new Set(tools.filter((t) => t.type === 'system').map((t) => t.name as string));
    const builtIn = obj(prompt.built_in_tools);
    const responder: ResponderContext = {
      mode,
      model,
      systemPrompt:
        `${substituteVariables((prompt.prompt as string | undefined) || 'You are a helpful voice assistant.', variables)}\n` +
        `Answer in the language ${language}. Keep answers short: they are spoken aloud.`,
      temperature: prompt.temperature as number | undefined,
      maxTokens: prompt.max_tokens as number | undefined,
      retrieve: (q) => kb.searchPassages(d.db, agent.workspaceId, documents, q, 3),
      clientTools: tools.filter((t) => t.type === 'client') as never,
      endCallTool: builtIn.end_call != null || systemNames.has('end_call'),
      serverTools: tools
        .filter((t) => t.type === 'webhook' && obj(t.api_schema).url)
        .map((t) =>
          webhookTool(t, {
            openSecret: (id) => d.openSecret(agent.workspaceId, id),
            allowPrivate: d.allowPrivate,
          }),
        ),
      systemTools: (['skip_turn', 'language_detection'] as const).filter(
        (n) => systemNames.has(n) || builtIn[n] != null,
      ),
      transfers: transferRules(prompt, tools),
      numberTransfers: numberTransferRules(prompt, tools),
      context: [],
    };
    const firstMessage = substituteVariables((agentCfg.first_message as string | undefined) ?? '', variables);
    return { mode, model, language, responder, plan, firstMessage };
  }
}
