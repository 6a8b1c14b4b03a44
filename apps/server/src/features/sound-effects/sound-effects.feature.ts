import { HttpSoundGenerator } from '@vocalis/speech/sfx/http-sound';
import { defineFeature } from '../feature';
import { soundEffectsRoutes } from './sound-effects.routes';
import { SoundEffectsService } from './sound-effects.service';
import { createSoundRunner } from './sound-runner';

/**
 * Sound effects (textToSoundEffects.convert, decisions 102-104): procedural synthesis built in, a sound
 * server by SFX_HTTP_URL; sound-effect seconds metered per plan; items kept in history (source SFX).
 */
export const soundEffectsFeature = defineFeature({
  name: 'soundEffects',
  async register(app, { config, db, usage, history }) {
    const runner = createSoundRunner(config);
    const server = config.soundServer ? new HttpSoundGenerator(config.soundServer) : undefined;
    const service = new SoundEffectsService(db, usage, history, runner, config.watermarkKey, app.log, server);
    await app.register(soundEffectsRoutes(service));
    app.addHook('onClose', () => runner.close());
    return { service };
  },
});
