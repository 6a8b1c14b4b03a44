import path from 'node:path';
import { createEngineRegistry } from '../../speech/engines';
import { defineFeature } from '../feature';
import { ModelCatalogue } from '../models/model-catalogue';
import { modelsRoutes } from '../models/models.routes';
import { ModelsService } from '../models/models.service';
import { describeForEngines } from '../voices/voice-builders';
import { PREMADE_VOICES } from '../voices/voice-catalogue';
import { VoicePreviews } from '../voices/voice-previews';
import { CustomVoicePreviews } from '../voices/custom-voice-previews';
import { CloneServerClient } from '@vocalis/speech/engines/http-cloning';
import { CloneSpeakers } from '../voices/clone-speakers';
import { customVoicesRoutes } from '../voices/custom-voices.routes';
import { CustomVoicesService } from '../voices/custom-voices.service';
import { warmBaseVoices } from '../voices/voice-fitting';
import { voicesRoutes } from '../voices/voices.routes';
import { VoicesService } from '../voices/voices.service';
import { collectionIdsByVoice, collectionVoiceIds } from '../voice-library/voice-collections.repo';
import { loadOwnerSharing } from '../voice-library/voice-sharing.service';
import { openAiSpeechRoutes } from './openai-speech.routes';
import { createSpeechRunner, renderSpeech } from './speech-runner';
import { textToDialogueRoutes } from './text-to-dialogue.routes';
import { TextToDialogueService } from './text-to-dialogue.service';
import { ttsRoutes } from './tts.routes';
import { TextToSpeechService } from './tts.service';

/**
 * Speech: voices, models, text to speech, text to dialogue and OpenAI's /v1/audio/speech. Wires: engines, voice and model catalogues, text to speech and the
 * OpenAI-compatible endpoint; starts preview generation once the server listens (not under tests,
 * which ask for previews on demand) and stops it when the app closes.
 */
export const ttsFeature = defineFeature({
  name: 'speech',
  async register(app, { config, db, usage, history, files }) {
    const engines = createEngineRegistry(config);
    app.log.info(
      { engines: engines.ids() },
      engines.has('rhvoice') || config.speechRhvoice === 'off'
        ? 'speech engines'
        : 'speech engines (RHVoice not installed: English voices use Flite; npm run setup:voices installs it)',
    );
    // Synthesis and encoding run in worker threads (SPEECH_WORKERS), off the event loop.
    const speech = createSpeechRunner(config, engines);
    const models = new ModelCatalogue(engines);
    const previews = new VoicePreviews(
      path.join(config.filesDir, 'voice-previews'),
      engines,
      app.log,
      (...a) => renderSpeech(speech, ...a),
    );
    const customPreviews = new CustomVoicePreviews(files, engines, app.log, (...a) =>
      renderSpeech(speech, ...a),
    );
    // Cloned voices speak through the voice cloning server when one is configured (decision 076).
    const clones = config.speechClone
      ? new CloneSpeakers(db, files, new CloneServerClient(config.speechClone))
      : undefined;
    const customVoices = new CustomVoicesService(db, files, engines, usage, clones, undefined, {
      clips: customPreviews,
      // Tests ask for clips on demand (a background render could outlive the test's app).
      warm: config.env !== 'test',
    });
    const voices = new VoicesService(
      describeForEngines(PREMADE_VOICES, engines.has('rhvoice')),
      previews,
      config.publicUrl,
      db,
      usage,
      customVoices,
      {
        collectionVoiceIds: (workspaceId, id) => collectionVoiceIds(db, workspaceId, id),
        sharingOf: (workspaceId, voiceId) => loadOwnerSharing(db, workspaceId, voiceId),
        collectionsOf: (workspaceId, voiceIds) => collectionIdsByVoice(db, workspaceId, voiceIds),
      },
    );
    const tts = new TextToSpeechService(voices, models, engines, usage, history, app.log, speech);

    await app.register(voicesRoutes(voices, customVoices));
    await app.register(customVoicesRoutes(customVoices));
    await app.register(modelsRoutes(new ModelsService(models)));
    await app.register(ttsRoutes(tts));
    await app.register(openAiSpeechRoutes(tts));
    await app.register(textToDialogueRoutes(new TextToDialogueService(tts)));

    const stop = new AbortController();
    let warming: Promise<void> = Promise.resolve();
    if (config.env !== 'test') {
      app.addHook('onListen', async () => {
        speech.warm();
        warming = voices
          .warmPreviews(stop.signal)
          .catch((err) => app.log.warn({ err }, 'voice previews'))
          .then(() => warmBaseVoices(engines, stop.signal));
      });
    }
    app.addHook('onClose', async () => {
      stop.abort();
      await warming;
      await speech.close();
    });
    return { engines, models, voices, customVoices, tts, speech };
  },
});
