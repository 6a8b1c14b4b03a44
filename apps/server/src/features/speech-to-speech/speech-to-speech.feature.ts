import { HttpConverter } from '@vocalis/speech/convert/http-conversion';
import { defineFeature } from '../feature';
import { renderSpeech } from '../tts/speech-runner';
import { ttsFeature } from '../tts/tts.feature';
import { createConversionRunner } from './conversion-runner';
import { speechToSpeechRoutes } from './speech-to-speech.routes';
import { SpeechToSpeechService } from './speech-to-speech.service';
import { TargetProfiles } from './target-profiles';

/**
 * Speech to speech (speechToSpeech.convert/stream, decision 095): measures target voices through the speech
 * feature's engines and runner, charges the text-to-speech quota, keeps items in speech history.
 */
export const speechToSpeechFeature = defineFeature({
  name: 'speechToSpeech',
  async register(app, { config, usage, history }, built) {
    const speech = built?.[ttsFeature.name] as Awaited<ReturnType<typeof ttsFeature.register>> | undefined;
    if (!speech) throw new Error('the speech-to-speech feature registers after the speech feature');
    const runner = createConversionRunner(config);
    const targets = new TargetProfiles((...a) => renderSpeech(speech.speech, ...a));
    const server = config.speechSts ? new HttpConverter(config.speechSts) : undefined;
    const service = new SpeechToSpeechService(
      speech.voices,
      speech.engines,
      targets,
      runner,
      usage,
      history,
      app.log,
      server,
    );
    await app.register(speechToSpeechRoutes(service));
    app.addHook('onClose', () => runner.close());
    return { service };
  },
});
