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
import type { AppDb } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { SttEngines } from '../speech-to-text/stt-engines';
import { attachedDocumentIds, type ModeResolver } from './agent-mode';
import type { AgentVoices } from './agent-voice';
import * as agentsRepo from './agents.repo';
import { agentNotFound } from './agents.service';
import type { ConversationSigner } from './conversation-access';
import { initiationData, type InitiationData } from './conversation-protocol';
import { ConversationSession } from './conversation-session';
import type { ConversationsService } from './conversations.service';
import * as kb from './knowledge-base.repo';
import type { LlmSettingsService } from './llm-settings.service';

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
};

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
    } else if (obj(obj(agent.platformSettings).auth).enable_auth === true) {
      throw forbidden(
        'This agent is private: start the conversation with a signed URL.',
        'authorization_required',
      );
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
    const prompt = obj(agentCfg.prompt);
    const tts = obj(config.tts);
    const conversationCfg = obj(config.conversation);
    const language = (agentCfg.language as string | undefined) || 'en';
    const variables = {
      ...obj(obj(agentCfg.dynamic_variables).dynamic_variable_placeholders),
      ...(init?.dynamic_variables ?? {}),
      ...systemVariables({ agentId: agent.id, conversationId, now: new Date() }),
    };

    const mode = await d.modes.modeOf(agent.workspaceId, config);
    const model = mode === 'llm' ? await d.llm.modelFor(agent.workspaceId) : null;
    const engines = d.stt();
    const stt = engines ? engines.pick('scribe_v1', language.split('-')[0]) : null;
    const textOnly = conversationCfg.text_only === true;
    const format = (tts.agent_output_audio_format as string | undefined) ?? 'pcm_16000';
    const rate = Number(format.split('_')[1]);
    const plan = textOnly
      ? null
      : await d.voices.plan({
          userId: agent.createdBy,
          voiceId: (tts.voice_id as string | undefined) || d.defaultVoiceId,
          language,
          settings: tts as { stability?: number; similarity_boost?: number; speed?: number },
        });

    const { secondsLeft } = await d.conversations.begin({
      id: conversationId,
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      agentName: agent.name,
      userId: init?.user_id ?? input.principal?.userId ?? null,
      mode,
      metadata: { dynamic_variables: variables },
    });
    const documents = attachedDocumentIds(config);
    const tools = (prompt.tools as Obj[] | undefined) ?? [];
    const builtIn = obj(prompt.built_in_tools);
    const privacy = obj(obj(agent.platformSettings).privacy);
    const session = new ConversationSession({
      conversationId,
      firstMessage: substituteVariables((agentCfg.first_message as string | undefined) ?? '', variables),
      responder: {
        mode,
        model,
        systemPrompt:
          `${substituteVariables((prompt.prompt as string | undefined) || 'You are a helpful voice assistant.', variables)}\n` +
          `Answer in the language ${language}. Keep answers short: they are spoken aloud.`,
        temperature: prompt.temperature as number | undefined,
        maxTokens: prompt.max_tokens as number | undefined,
        retrieve: (q) => kb.searchPassages(d.db, agent.workspaceId, documents, q, 3),
        clientTools: tools.filter((t) => t.type === 'client') as never,
        endCallTool:
          builtIn.end_call != null || tools.some((t) => t.type === 'system' && t.name === 'end_call'),
        context: [],
      },
      voice: plan ? { voices: d.voices, plan, format, rate } : null,
      stt,
      language: language.split('-')[0]!,
      maxSeconds: Math.min(
        (conversationCfg.max_duration_seconds as number | undefined) ?? DEFAULT_MAX_DURATION_SECONDS,
        secondsLeft,
      ),
      silenceEndSeconds:
        ((obj(config.turn).silence_end_call_timeout as number | undefined) ?? -1) > 0
          ? (obj(config.turn).silence_end_call_timeout as number)
          : null,
      send: input.send,
      close: input.close,
      heartbeat: (s) => void d.conversations.heartbeat(conversationId, s).catch(() => undefined),
      finish: (end) =>
        d.conversations
          .finish({ id: conversationId, workspaceId: agent.workspaceId }, end, {
            recordVoice: privacy.record_voice !== false,
            metadata: { dynamic_variables: variables },
          })
          .catch((err: unknown) => d.log.error({ err, conversationId }, 'conversation not stored')),
      toRecording: async (pcm, r) => {
        const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.length & ~1)));
        return r === 16000 ? samples : resample(samples, r, 16000);
      },
      log: d.log,
    });
    session.start();
    return session;
  }
}
