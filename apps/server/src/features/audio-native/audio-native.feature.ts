import { defineFeature } from '../feature';
import type { StudioConversionService } from '../studio/studio-conversion.service';
import type { StudioProjectsService } from '../studio/studio-projects.service';
import { audioNativeEmbedRoutes } from './audio-native-embed.routes';
import { AudioNativeService } from './audio-native.service';
import { audioNativeRoutes } from './audio-native.routes';

/** Audio native (issue 12, decision 173): narrated articles with an embeddable player, built on Studio. */
export const audioNativeFeature = defineFeature({
  name: 'audioNative',
  async register(app, { config, db, files }, built) {
    const studio = built.studio as
      { projects: StudioProjectsService; conversion: StudioConversionService } | undefined;
    if (!studio) throw new Error('audio native needs the studio feature registered before it');
    const service = new AudioNativeService(db, files, studio.projects, studio.conversion);
    const origin = new URL(config.publicUrl).origin;
    await app.register(audioNativeRoutes(service, origin));
    await app.register(audioNativeEmbedRoutes(service));
    return { service };
  },
});
