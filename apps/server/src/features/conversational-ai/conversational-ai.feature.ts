import type { EngineRegistry } from '../../speech/engines';
import { callerWorkspace, resolvePrincipal } from '../../plugins/auth';
import { defineFeature } from '../feature';
import type { SttEngines } from '../speech-to-text/stt-engines';
import type { SpeechRunner } from '../tts/speech-runner';
import { AgentVoices } from './agent-voice';
import { ConversationSigner } from './conversation-access';
import { conversationAccessRoutes, registerConversationSocket } from './conversation-socket.routes';
import { ConversationStarter } from './conversation-starter';
import { conversationsRoutes } from './conversations.routes';
import { ConversationsService } from './conversations.service';
import type { VoicesService } from '../voices/voices.service';
import { PREMADE_VOICES } from '../voices/voice-catalogue';
import { modeResolver } from './agent-mode';
import { agentsRoutes } from './agents.routes';
import { AgentsService } from './agents.service';
import * as kb from './knowledge-base.repo';
import { ResourceAccess } from '../../auth/resource-access';
import { knowledgeBaseRoutes } from './knowledge-base.routes';
import { KnowledgeBaseService } from './knowledge-base.service';
import { findLlmSettings } from './llm-settings.repo';
import { llmSettingsRoutes } from './llm-settings.routes';
import { LlmSettingsService } from './llm-settings.service';
import { SecretBox } from '../../lib/secret-box';
import { findSecret } from './secrets.repo';
import { toolsRoutes } from './tools.routes';
import { ToolsService } from './tools.service';
import { widgetRoutes } from './widget.routes';
import { WidgetService } from './widget.service';
import { registerTelephony } from './telephony/register-telephony';

/**
 * Conversational agents (issue 14, decisions 150-159): agents, the workspace's language model and secrets,
 * the real-time conversation socket, conversations, the knowledge base. Built on the speech feature's voices
 * and engines and on speech to text.
 */
export const conversationalAiFeature = defineFeature({
  name: 'conversationalAi',
  async register(app, { config, db, usage, files, auth, bus }, built) {
    const speech = built.speech as { voices: VoicesService; engines: EngineRegistry; speech: SpeechRunner };
    const voices = speech.voices;
    const tools = new ToolsService(db, (c) => callerWorkspace(c, usage));
    const modes = modeResolver(async (workspaceId) => (await findLlmSettings(db, workspaceId)) !== undefined);
    const agents = new AgentsService(
      db,
      usage,
      {
        voiceUsable: (caller, workspaceId, voiceId) => voices.readableFor(caller, workspaceId, voiceId),
        missingDocuments: async (caller, workspaceId, ids) =>
          (await ResourceAccess.load(db, caller, 'convai_knowledge_base_documents')).unreadable(
            ids,
            await kb.documentsByIds(db, workspaceId, ids),
          ),
        missingTools: (caller, workspaceId, ids) => tools.missing(caller, workspaceId, ids),
      },
      modes,
      PREMADE_VOICES[0]!.voiceId,
    );
    await app.register(agentsRoutes(agents));
    const box = new SecretBox(config.authSecret);
    const llm = new LlmSettingsService(db, box, (c) => agents.workspaceOf(c), {
      allowPrivate: config.outboundAllowPrivate,
    });
    await app.register(llmSettingsRoutes(llm));
    await app.register(toolsRoutes(tools));

    const signer = new ConversationSigner(config.authSecret);
    const conversations = new ConversationsService(
      db,
      files,
      signer,
      (c) => agents.workspaceOf(c),
      config.publicUrl,
    );
    const starter = new ConversationStarter({
      db,
      signer,
      workspaceOf: (c) => agents.workspaceOf(c),
      modes,
      llm,
      stt: () => (built.speechToText as { engines: SttEngines } | undefined)?.engines,
      voices: new AgentVoices(speech.engines, speech.speech, (userId, voiceId) =>
        userId ? voices.profileFor(userId, voiceId) : Promise.reject(new Error('The agent has no owner.')),
      ),
      conversations,
      defaultVoiceId: PREMADE_VOICES[0]!.voiceId,
      openSecret: async (workspaceId, secretId) => {
        const row = await findSecret(db, workspaceId, secretId);
        return row ? box.open(row.encryptedValue) : null;
      },
      allowPrivate: config.outboundAllowPrivate,
      appOrigin: new URL(config.publicUrl).origin,
      log: app.log,
    });
    registerConversationSocket(app, starter, {
      authenticate: (headers) => resolvePrincipal(auth, db, headers),
    });
    await app.register(conversationAccessRoutes(conversations));
    await app.register(conversationsRoutes(conversations));
    const knowledgeBase = new KnowledgeBaseService(db, (c) => agents.workspaceOf(c), {
      allowPrivate: config.outboundAllowPrivate,
    });
    await app.register(knowledgeBaseRoutes(knowledgeBase));
    await app.register(widgetRoutes(new WidgetService(db, signer, config.webDistDir)));
    const telephony = await registerTelephony(app, {
      config,
      db,
      box,
      workspaceOf: (c) => agents.workspaceOf(c),
      starter,
      signer,
      bus,
    });
    return { agents, llm, conversations, knowledgeBase, tools, telephony };
  },
});
