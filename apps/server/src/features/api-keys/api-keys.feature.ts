import { defineFeature } from '../feature';
import { apiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';

/** xi-api-keys of the user and their service accounts: create, list, edit, delete (decision 009). */
export const apiKeysFeature = defineFeature({
  name: 'apiKeys',
  async register(app, { db }) {
    await app.register(apiKeysRoutes(new ApiKeysService(db)));
  },
});
