import { defineFeature } from '../feature';
import type { CustomVoicesService } from '../voices/custom-voices.service';
import type { VoicesService } from '../voices/voices.service';
import { copiedVoicesJob } from './copied-voices.job';
import { LibraryPreviews } from './library-previews';
import { SimilarVoicesService } from './similar-voices.service';
import { voiceCollectionsRoutes } from './voice-collections.routes';
import { VoiceCollectionsService } from './voice-collections.service';
import { voiceLibraryRoutes } from './voice-library.routes';
import { similarVoicesRoutes } from './similar-voices.routes';
import { VoiceSharingService } from './voice-sharing.service';

/**
 * The voice library (decision 080): sharing settings, shared voices of every workspace, copies and their
 * notice period (a scheduled job disables them), similar voices, share stats, collections. Built on the
 * speech feature's voices (registered before it).
 */
export const voiceLibraryFeature = defineFeature({
  name: 'voiceLibrary',
  jobs: [copiedVoicesJob],
  async register(app, { db, usage, messages, files, config }, built) {
    const speech = built.speech as { voices: VoicesService; customVoices: CustomVoicesService } | undefined;
    if (!speech) throw new Error('the voice library feature needs the speech feature registered before it');
    const sharing = new VoiceSharingService(db, usage, messages, config.publicUrl);
    // Deleting a shared voice stops sharing it first: its copies keep working for the notice period.
    speech.customVoices.onBeforeDelete((caller, voiceId) => sharing.stopBeforeDelete(caller, voiceId));
    const collections = new VoiceCollectionsService(db, usage, (workspaceId, voiceId) =>
      speech.voices.usableIn(workspaceId, voiceId),
    );
    const similar = new SimilarVoicesService(db, usage, sharing);
    await app.register(voiceCollectionsRoutes(collections));
    await app.register(voiceLibraryRoutes(sharing, new LibraryPreviews(db, files, speech.voices)));
    await app.register(similarVoicesRoutes(similar));
    return { sharing, collections, similar };
  },
});
