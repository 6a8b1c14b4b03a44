import type { ChecklistEvent } from '@vocalis/domain/onboarding-checklist';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { OnboardingService } from './onboarding.service';

/**
 * The API calls whose success is a checklist event (accounts.md §4): "text-to-speech or speech-to-speech
 * generation started; voice added to the voice lab from the library; voice design created; dub created;
 * API key revealed". Keyed by method and route pattern (the ElevenLabs paths), so features that do not
 * exist yet complete their item as soon as their route is registered (decision 017).
 */
export const CHECKLIST_TRIGGERS: Readonly<Record<string, ChecklistEvent>> = {
  'POST /v1/text-to-speech/:voice_id': 'text_to_speech_generated',
  'POST /v1/text-to-speech/:voice_id/stream': 'text_to_speech_generated',
  'POST /v1/text-to-speech/:voice_id/with-timestamps': 'text_to_speech_generated',
  'POST /v1/text-to-speech/:voice_id/stream/with-timestamps': 'text_to_speech_generated',
  'POST /v1/text-to-dialogue': 'text_to_speech_generated',
  'POST /v1/text-to-dialogue/stream': 'text_to_speech_generated',
  'POST /v1/text-to-dialogue/with-timestamps': 'text_to_speech_generated',
  'POST /v1/text-to-dialogue/stream/with-timestamps': 'text_to_speech_generated',
  'POST /v1/audio/speech': 'text_to_speech_generated',
  'POST /v1/speech-to-speech/:voice_id': 'speech_to_speech_generated',
  'POST /v1/speech-to-speech/:voice_id/stream': 'speech_to_speech_generated',
  'POST /v1/voices/add/:public_user_id/:voice_id': 'voice_added_from_library',
  'POST /v1/text-to-voice/create-voice-from-preview': 'voice_designed',
  'POST /v1/text-to-voice': 'voice_designed',
  'POST /v1/dubbing': 'dub_created',
  'POST /v1/service-accounts/:service_account_user_id/api-keys': 'api_key_revealed',
};

/**
 * Completes checklist items when a triggering call succeeds. It runs in onSend, before the answer leaves:
 * the generation has started (quota taken, audio on its way) and the item is stored by the time the
 * caller reads its user again. A failure here is logged and never fails the call itself. The hook is
 * attached to the triggering routes only (as they are registered), so no other request runs it.
 */
export function registerChecklistTriggers(app: FastifyInstance, onboarding: OnboardingService): void {
  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route || !request.principal || reply.statusCode >= 300) return payload;
    const event = CHECKLIST_TRIGGERS[`${request.method} ${route}`];
    if (!event) return payload;
    await onboarding
      .recordEvent(request.principal.userId, event)
      .catch((err: unknown) => request.log.error({ err, event }, 'onboarding checklist event not recorded'));
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const triggers = [route.method].flat().some((method) => CHECKLIST_TRIGGERS[`${method} ${route.url}`]);
    if (triggers) route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}
