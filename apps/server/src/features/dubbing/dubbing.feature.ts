import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { defineFeature } from '../feature';
import { createSttEngines } from '../speech-to-text/stt-engines';
import { dubJob } from './dub.job';
import { dubbingRoutes } from './dubbing.routes';
import { DubbingService } from './dubbing.service';
import { createTranslators } from './translators';

/**
 * Dubbing (dubbing.*, decisions 140-143): Apertium and remote translators, the built-in recogniser, isolator
 * and eSpeak-NG voices fitted to each speaker; the work runs as a job with progress over live updates.
 */
export const dubbingFeature = defineFeature({
  name: 'dubbing',
  jobs: [dubJob],
  async register(app, { config, db, files, usage }) {
    const service = new DubbingService(
      db,
      files,
      usage,
      createTranslators(config),
      await createSttEngines(config),
      createEspeakEngine(),
      { allowPrivate: config.outboundAllowPrivate },
    );
    await app.register(dubbingRoutes(service));
    return { service };
  },
});
