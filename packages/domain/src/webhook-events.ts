/**
 * The events a webhook can subscribe to: one typed registry that later features add to (a line here, then
 * `emitWebhookEvent` where the event happens). `type` is the subscription name (ElevenLabs'
 * WorkspaceWebhookEventType where one exists), `payloadType` the `type` field of the delivered body.
 */
export type WebhookScope = 'workspace' | 'user';

export type WebhookEventDefinition = {
  readonly type: string;
  readonly payloadType: string;
  readonly label: string;
  readonly description: string;
  /** Which webhooks may subscribe: the workspace's (admins), a user's own, or both. */
  readonly scopes: readonly WebhookScope[];
};

export const WEBHOOK_EVENTS = [
  {
    type: 'speech_to_text',
    payloadType: 'speech_to_text_transcription',
    label: 'Speech to text completed',
    description: 'A transcription requested with webhook=true finished (or failed).',
    scopes: ['workspace', 'user'],
  },
  {
    type: 'voice_library_removal_notice',
    payloadType: 'voice_removal_notice',
    label: 'Voice library removal notice',
    description:
      'A library voice this workspace copied stopped being shared; it stops working after its notice period.',
    scopes: ['workspace'],
  },
  {
    type: 'post_call_transcription',
    payloadType: 'post_call_transcription',
    label: 'Conversation finished',
    description:
      "An agent's call ended: its transcript, metadata and post-call analysis (evaluation and collected data).",
    scopes: ['workspace'],
  },
] as const satisfies readonly WebhookEventDefinition[];

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]['type'];

/** The payload type of the "send test event" delivery (not subscribable: every webhook can be tested). */
export const WEBHOOK_TEST_PAYLOAD_TYPE = 'webhook_test';

/** The registry entry of an event type, or undefined for an unknown one. */
export function webhookEvent(type: string): WebhookEventDefinition | undefined {
  return (WEBHOOK_EVENTS as readonly WebhookEventDefinition[]).find((e) => e.type === type);
}

/** The event types a webhook of `scope` may subscribe to. */
export function eventTypesFor(scope: WebhookScope): string[] {
  return (WEBHOOK_EVENTS as readonly WebhookEventDefinition[])
    .filter((e) => e.scopes.includes(scope))
    .map((e) => e.type);
}

/** The first of `types` a webhook of `scope` may not subscribe to (unknown or of the other scope), or null. */
export function unsubscribableEvent(scope: WebhookScope, types: readonly string[]): string | null {
  const allowed = eventTypesFor(scope);
  return types.find((t) => !allowed.includes(t)) ?? null;
}
