import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { defineFeature } from '../feature';
import { createSttEngines } from '../speech-to-text/stt-engines';
import { dubJob } from './dub.job';
import { dubbingResourceRoutes } from './dubbing-resource.routes';
import { DubAccess } from './dub-access';
import { DubbingResourceService } from './dubbing-resource.service';
import { dubbingEditRoutes } from './dubbing-edit.routes';
import { DubbingSpeakersService } from './dubbing-speakers.service';
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
  async register(app, { config, db, files, bus, usage }) {
    const translators = createTranslators(config);
    const stt = await createSttEngines(config);
    const service = new DubbingService(db, files, usage, translators, stt, createEspeakEngine(), {
      allowPrivate: config.outboundAllowPrivate,
    });
    const access = new DubAccess(db, usage, bus);
    const edits = new DubbingResourceService(access, translators, async () => {
      const langs = await service.languages();
      return new Set(langs.target_languages.filter((l) => l.speakable).map((l) => l.code));
    });
    await app.register(dubbingRoutes(service));
    await app.register(dubbingResourceRoutes(edits));
    await app.register(dubbingEditRoutes(edits, new DubbingSpeakersService(access, files, stt)));
    return { service };
  },
});
