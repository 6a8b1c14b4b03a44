import { describe, expect, it } from 'vitest';
import { eventTypesFor, unsubscribableEvent, WEBHOOK_EVENTS, webhookEvent } from './webhook-events';

describe('the webhook event registry', () => {
  it('names each event once, with a payload type', () => {
    const types = WEBHOOK_EVENTS.map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    for (const e of WEBHOOK_EVENTS) expect(e.payloadType).toMatch(/^[a-z_]+$/);
  });

  it("uses ElevenLabs' names for the events it has (WorkspaceWebhookEventType)", () => {
    expect(webhookEvent('speech_to_text')?.payloadType).toBe('speech_to_text_transcription');
    expect(webhookEvent('voice_library_removal_notice')).toBeDefined();
    expect(webhookEvent('nope')).toBeUndefined();
  });

  it('lets a workspace and a user subscribe to the events of their scope only', () => {
    expect(eventTypesFor('workspace')).toContain('voice_library_removal_notice');
    expect(eventTypesFor('user')).not.toContain('voice_library_removal_notice');
    expect(unsubscribableEvent('user', ['speech_to_text'])).toBeNull();
    expect(unsubscribableEvent('user', ['speech_to_text', 'voice_library_removal_notice'])).toBe(
      'voice_library_removal_notice',
    );
    expect(unsubscribableEvent('workspace', ['made_up'])).toBe('made_up');
  });
});
