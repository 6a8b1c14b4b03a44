import { defineFeature } from '../feature';
import { shareVideoRoutes } from './share-video.routes';
import { ShareVideoService } from './share-video.service';
import { sharingRoutes } from './sharing.routes';
import { SharingService } from './sharing.service';

/** Share links of history items, their public page's API, the public user name (decision 012), share as a video. */
export const sharingFeature = defineFeature({
  name: 'sharing',
  async register(app, { db, files, usage, config }) {
    await app.register(sharingRoutes(new SharingService(db, files, usage, config.publicUrl)));
    await app.register(shareVideoRoutes(new ShareVideoService(db, files, usage)));
  },
});
