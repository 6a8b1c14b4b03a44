import { defineFeature } from '../feature';
import type { VoicesService } from '../voices/voices.service';
import { PREMADE_VOICES } from '../voices/voice-catalogue';
import { modeResolver } from './agent-mode';
import { agentsRoutes } from './agents.routes';
import { AgentsService } from './agents.service';
import * as kb from './knowledge-base.repo';
import { findLlmSettings } from './llm-settings.repo';
import { llmSettingsRoutes } from './llm-settings.routes';
import { LlmSettingsService } from './llm-settings.service';
import { SecretBox } from './secret-box';

/**
 * Conversational agents (issue 14, decisions 150-159): agents, the workspace's language model and secrets,
 * the real-time conversation socket, conversations, the knowledge base. Built on the speech feature's voices
 * and engines and on speech to text.
 */
export const conversationalAiFeature = defineFeature({
  name: 'conversationalAi',
  async register(app, { config, db, usage }, built) {
    const voices = (built.speech as { voices: VoicesService }).voices;
    const modes = modeResolver(async (workspaceId) => (await findLlmSettings(db, workspaceId)) !== undefined);
    const agents = new AgentsService(
      db,
      usage,
      {
        voiceUsable: (workspaceId, voiceId) => voices.usableIn(workspaceId, voiceId),
        missingDocuments: (workspaceId, ids) => kb.missingDocuments(db, workspaceId, ids),
      },
      modes,
      PREMADE_VOICES[0]!.voiceId,
    );
    await app.register(agentsRoutes(agents));
    const llm = new LlmSettingsService(db, new SecretBox(config.authSecret), (c) => agents.workspaceOf(c), {
      allowPrivate: config.outboundAllowPrivate,
    });
    await app.register(llmSettingsRoutes(llm));
    return { agents, llm };
  },
});
