import { defineFeature } from '../feature';
import { ttsFeature } from '../tts/tts.feature';
import { voiceDesignRoutes } from './voice-design.routes';
import { VoiceDesignService } from './voice-design.service';
import { voicePreviewsPruneJob } from './voice-previews-prune.job';

/**
 * Voice design (textToVoice.*, decision 075): speaks previews through the speech feature's engines, runner
 * and text-to-speech quota, and saves voices through its custom voices, so it registers after it.
 */
export const voiceDesignFeature = defineFeature({
  name: 'voiceDesign',
  jobs: [voicePreviewsPruneJob],
  async register(app, { db, files, usage }, built) {
    const speech = built?.[ttsFeature.name] as Awaited<ReturnType<typeof ttsFeature.register>> | undefined;
    if (!speech) throw new Error('the voice design feature registers after the speech feature');
    const service = new VoiceDesignService(
      db,
      files,
      speech.engines,
      speech.tts,
      speech.speech,
      speech.customVoices,
      usage,
    );
    await app.register(voiceDesignRoutes(service));
    return { service };
  },
});
