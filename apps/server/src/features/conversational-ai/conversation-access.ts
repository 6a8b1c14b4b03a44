import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed conversation URLs and conversation tokens (conversationalAi.conversations.getSignedUrl / token,
 * decision 153): an HMAC of the agent, the conversation id it reserves and an expiry, under a key derived
 * from AUTH_SECRET. A private agent (platform_settings.auth.enable_auth) accepts only these or the workspace's
 * own credentials.
 */
export const SIGNATURE_LIFETIME_SECONDS = 15 * 60;

export class ConversationSigner {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('convai-conversation-signature').digest();
  }

  sign(agentId: string, conversationId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + SIGNATURE_LIFETIME_SECONDS;
    const payload = `${agentId}.${conversationId}.${expires}`;
    const mac = createHmac('sha256', this.key).update(payload).digest('base64url');
    return `${conversationId}.${expires}.${mac}`;
  }

  /** The conversation id the signature reserves for this agent, or null when it is forged or expired. */
  verify(agentId: string, signature: string, now = Date.now()): string | null {
    const [conversationId, expires, mac] = signature.split('.');
    if (!conversationId || !expires || !mac || Number(expires) < Math.floor(now / 1000)) return null;
    const expected = createHmac('sha256', this.key)
      .update(`${agentId}.${conversationId}.${expires}`)
      .digest();
    const given = Buffer.from(mac, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? conversationId : null;
  }
}
