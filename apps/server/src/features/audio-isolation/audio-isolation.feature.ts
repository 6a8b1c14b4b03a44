import { defineFeature } from '../feature';
import { audioIsolationRoutes } from './audio-isolation.routes';
import { AudioIsolationService } from './audio-isolation.service';

/** Voice isolation (audioIsolation.*, decisions 096-097): the built-in engine, metering and its own history. */
export const audioIsolationFeature = defineFeature({
  name: 'audioIsolation',
  async register(app, { db, files, usage }) {
    const service = new AudioIsolationService(db, files, usage);
    await app.register(audioIsolationRoutes(service));
    return { service };
  },
});
