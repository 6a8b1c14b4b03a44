import { defineFeature } from '../feature';
import { speechToTextRoutes } from './speech-to-text.routes';
import { SpeechToTextService } from './speech-to-text.service';
import { createSttEngines } from './stt-engines';
import { transcribeJob } from './transcribe.job';

/**
 * Speech to text and forced alignment (decisions 090-093): PocketSphinx built in, an OpenAI-compatible
 * transcription server by STT_HTTP_URL; transcripts per workspace; webhook mode through a job.
 */
export const speechToTextFeature = defineFeature({
  name: 'speechToText',
  jobs: [transcribeJob],
  async register(app, { config, db, files, bus, usage }) {
    const engines = await createSttEngines(config);
    const service = new SpeechToTextService(db, files, bus, engines, usage, {
      allowPrivate: config.outboundAllowPrivate,
    });
    await app.register(speechToTextRoutes(service));
    return { service, engines };
  },
});
