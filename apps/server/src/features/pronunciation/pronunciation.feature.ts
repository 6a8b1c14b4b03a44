import type { TextToSpeechService } from '../tts/tts.service';
import { defineFeature } from '../feature';
import { pronunciationRoutes } from './pronunciation.routes';
import { PronunciationService } from './pronunciation.service';

/** Pronunciation dictionaries (decision 133); text to speech, dialogue and Studio apply their alias rules. */
export const pronunciationFeature = defineFeature({
  name: 'pronunciation',
  async register(app, { db, usage }, built) {
    const service = new PronunciationService(db, usage);
    (built.speech as { tts: TextToSpeechService }).tts.usePronunciations(service);
    await app.register(pronunciationRoutes(service));
    return { service };
  },
});
