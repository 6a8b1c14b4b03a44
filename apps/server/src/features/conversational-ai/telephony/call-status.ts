/**
 * Twilio's status callbacks for outbound calls (decision 257): each call placed through the REST API names
 * /v1/convai/twilio/call-status?phone_number_id=…&conversation_id=… as its StatusCallback. The request must be
 * signed (X-Twilio-Signature) with the auth token of that number and come from its account; the call's batch
 * recipient (if any, of the number's workspace) then follows the call: in-progress, completed, or failed with
 * the reason (no answer, busy, failed, cancelled), and the batch dispatcher looks again at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { convaiBatchCalls, convaiBatchRecipients } from '../../../db/schema/convai-telephony';
import { forbidden } from '../../../errors';
import type { SecretBox } from '../../../lib/secret-box';
import * as repo from '../phone-numbers.repo';
import { validTwilioSignature } from './twilio';

/** What becomes of a recipient still being called, by Twilio's CallStatus. */
const OUTCOMES: Record<string, { status: string; error?: string }> = {
  'in-progress': { status: 'in_progress' },
  completed: { status: 'completed' },
  busy: { status: 'failed', error: 'The line was busy.' },
  'no-answer': { status: 'failed', error: 'Nobody answered the call.' },
  failed: { status: 'failed', error: 'Twilio could not connect the call.' },
  canceled: { status: 'failed', error: 'The call was cancelled before it was answered.' },
};

export class CallStatuses {
  constructor(
    private readonly db: AppDb,
    private readonly box: SecretBox,
    /** A recipient of the batch changed: the dispatcher looks again and the batch page hears it. */
    private readonly changed: (workspaceId: string, batchId: string) => void,
  ) {}

  /** The StatusCallback URL of a call placed from `phoneNumberId`. */
  static url(publicUrl: string, phoneNumberId: string, conversationId: string): string {
    const query = new URLSearchParams({ phone_number_id: phoneNumberId, conversation_id: conversationId });
    return `${publicUrl}/v1/convai/twilio/call-status?${query}`;
  }

  /** Checks the signature and applies the status; resolves with whether a recipient changed. */
  async apply(
    url: string,
    query: { phone_number_id: string; conversation_id: string },
    params: Record<string, string>,
    signature: string | undefined,
  ): Promise<boolean> {
    const number = await repo.findPhoneNumberById(this.db, query.phone_number_id);
    const signed =
      number?.provider === 'twilio' &&
      number.twilioAccountSid === params.AccountSid &&
      number.sealedTwilioToken &&
      validTwilioSignature(this.box.open(number.sealedTwilioToken), url, params, signature);
    if (!signed)
      throw forbidden('The request is not signed by Twilio for a number here.', 'invalid_twilio_signature');
    const outcome = OUTCOMES[params.CallStatus ?? ''];
    if (!outcome) return false;
    // Only a recipient of the number's workspace that is still being called.
    const ofWorkspace = this.db
      .select({ id: convaiBatchCalls.id })
      .from(convaiBatchCalls)
      .where(eq(convaiBatchCalls.workspaceId, number.workspaceId));
    const rows = await this.db
      .update(convaiBatchRecipients)
      .set({ ...outcome, updatedAt: new Date() })
      .where(
        and(
          eq(convaiBatchRecipients.conversationId, query.conversation_id),
          inArray(convaiBatchRecipients.status, ['initiated', 'in_progress']),
          inArray(convaiBatchRecipients.batchId, ofWorkspace),
        ),
      )
      .returning({ id: convaiBatchRecipients.id, batchId: convaiBatchRecipients.batchId });
    for (const batchId of new Set(rows.map((r) => r.batchId))) this.changed(number.workspaceId, batchId);
    return rows.length > 0;
  }
}
