import type { TextToSpeechService } from '../tts/tts.service';
import type { ModelCatalogue } from '../models/model-catalogue';
import type { VoicesService } from '../voices/voices.service';
import { defineFeature } from '../feature';
import { StudioAccess } from './studio-access';
import { registerConverter, studioConvertJob } from './studio-convert.job';
import { BlockSpeech } from './studio-block-speech';
import { StudioConversionService } from './studio-conversion.service';
import { StudioChaptersService } from './studio-chapters.service';
import { StudioProjectsService } from './studio-projects.service';
import { StudioExportService } from './studio-export.service';
import { studioExportRoutes } from './studio-export.routes';
import { StudioSnapshotsService } from './studio-snapshots.service';
import { studioSnapshotRoutes } from './studio-snapshots.routes';
import { StudioTakesService } from './studio-takes.service';
import { studioDialogueRoutes, studioTakeRoutes } from './studio-takes.routes';
import { StudioDialogueService } from './studio-dialogue.service';
import { studioRoutes } from './studio.routes';

/** Studio (issue 12, decisions 130-132): projects, chapters and blocks, conversion jobs and snapshots. */
export const studioFeature = defineFeature({
  name: 'studio',
  jobs: [studioConvertJob],
  async register(app, { config, db, files, bus, usage }, built) {
    const speech = built.speech as {
      tts: TextToSpeechService;
      voices: VoicesService;
      models: ModelCatalogue;
    };
    const access = new StudioAccess(db, usage, speech.voices, (caller, l) =>
      speech.tts.checkPronunciations(caller, l),
    );
    const projects = new StudioProjectsService(db, bus, access, speech.models, {
      allowPrivate: config.outboundAllowPrivate,
    });
    const blockSpeech = new BlockSpeech(db, files, speech.tts);
    const conversion = new StudioConversionService(db, files, bus, access, blockSpeech);
    const takes = new StudioTakesService(db, files, bus, access, blockSpeech);
    const snapshots = new StudioSnapshotsService(db, files, access);
    const unregister = registerConverter(db, conversion);
    app.addHook('onClose', async () => unregister());
    const chapters = new StudioChaptersService(db, bus, access, {
      allowPrivate: config.outboundAllowPrivate,
    });
    await app.register(studioRoutes(projects, chapters, conversion));
    await app.register(studioSnapshotRoutes(snapshots));
    await app.register(studioExportRoutes(new StudioExportService(db, files, access)));
    await app.register(studioTakeRoutes(takes));
    await app.register(studioDialogueRoutes(new StudioDialogueService(db, bus, access, speech.voices)));
    return { projects, conversion, snapshots, takes };
  },
});
