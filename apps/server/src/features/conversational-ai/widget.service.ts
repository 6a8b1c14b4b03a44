/**
 * The embeddable widget (decision 230): its settings for an agent, answered to any site that may talk to the
 * agent, and the widget script itself (built by the web app's build into its dist folder).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { WidgetConfigResponse } from '@vocalis/contracts/conversational-ai-widget';
import { widgetConfig } from '@vocalis/domain/conversational-ai/widget-config';
import type { AppDb } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import * as agentsRepo from './agents.repo';
import { agentNotFound } from './agents.service';
import type { ConversationSigner } from './conversation-access';
import { originAllowed } from './conversation-starter';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** Under the web build (a file at its root would be served by the static files too, without CORP). */
export const WIDGET_SCRIPT_FILE = 'embed/convai-widget.js';

export class WidgetService {
  private script: { mtimeMs: number; body: Buffer } | null = null;

  constructor(
    private readonly db: AppDb,
    private readonly signer: ConversationSigner,
    private readonly webDistDir: string,
  ) {}

  /**
   * The widget's settings. Public like the agent's socket: a private agent needs a conversation signature, and
   * a page whose origin the agent's allow-list does not name is refused (requests without an Origin, such as
   * the SDK's from a server, are not pages and get the settings).
   */
  async config(agentId: string, origin: string | undefined, signature: string | undefined) {
    const agent = await agentsRepo.findAgentById(this.db, agentId);
    if (!agent) throw agentNotFound(agentId);
    const settings = obj(agent.platformSettings);
    if (obj(settings.auth).enable_auth === true) {
      if (!signature)
        throw forbidden(
          'This agent is private: start the conversation with a signed URL.',
          'authorization_required',
        );
      if (!this.signer.verify(agent.id, signature))
        throw new AppError(401, 'invalid_signature', 'The conversation signature is invalid or has expired.');
    }
    if (origin !== undefined && !originAllowed(settings, origin))
      throw forbidden('This origin is not allowed to talk to this agent.', 'origin_not_allowed');
    const response: WidgetConfigResponse = {
      agent_id: agent.id,
      widget_config: widgetConfig(agent.conversationConfig, settings),
    };
    return response;
  }

  /** The built widget script; read again when the build changed it. */
  async widgetScript(): Promise<Buffer> {
    const file = path.join(this.webDistDir, WIDGET_SCRIPT_FILE);
    const info = await stat(file).catch(() => null);
    if (!info)
      throw notFound(
        'The widget script is not built: run `npm run build` (it builds the web app and the widget).',
        'widget_not_built',
      );
    if (this.script?.mtimeMs !== info.mtimeMs)
      this.script = { mtimeMs: info.mtimeMs, body: await readFile(file) };
    return this.script.body;
  }
}
