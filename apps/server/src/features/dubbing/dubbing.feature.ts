import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { defineFeature } from '../feature';
import { createSttEngines } from '../speech-to-text/stt-engines';
import { dubJob } from './dub.job';
import { dubbingResourceRoutes } from './dubbing-resource.routes';
import { DubbingResourceService } from './dubbing-resource.service';
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
    const translators = createTranslators(config);
    const service = new DubbingService(
      db,
      files,
      usage,
      translators,
      await createSttEngines(config),
      createEspeakEngine(),
      { allowPrivate: config.outboundAllowPrivate },
    );
    await app.register(dubbingRoutes(service));
    await app.register(dubbingResourceRoutes(new DubbingResourceService(db, usage, translators)));
    return { service };
  },
});
