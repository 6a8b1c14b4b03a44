import { agentMode } from '@vocalis/domain/conversational-ai/agent-config';
import type { AgentMode } from '@vocalis/contracts/conversational-ai';

/** Tells how an agent answers in its workspace now (decision 152). */
export type ModeResolver = {
  modeOf(workspaceId: string, conversationConfig: Record<string, unknown>): Promise<AgentMode>;
};

/** The knowledge-base document ids an agent's prompt lists. */
export function attachedDocumentIds(conversationConfig: Record<string, unknown>): string[] {
  const agent = conversationConfig.agent as {
    prompt?: { knowledge_base?: { id: string }[] | null } | null;
  } | null;
  return agent?.prompt?.knowledge_base?.map((d) => d.id) ?? [];
}

export function modeResolver(llmConfigured: (workspaceId: string) => Promise<boolean>): ModeResolver {
  return {
    async modeOf(workspaceId, conversationConfig) {
      return agentMode({
        llmConfigured: await llmConfigured(workspaceId),
        knowledgeBaseDocuments: attachedDocumentIds(conversationConfig).length,
      });
    },
  };
}
