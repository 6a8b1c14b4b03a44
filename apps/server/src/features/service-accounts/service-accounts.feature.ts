import { defineFeature } from '../feature';
import { serviceAccountsRoutes } from './service-accounts.routes';
import { ServiceAccountsService } from './service-accounts.service';

/** Service accounts of a workspace (decision 122); their API keys through features/api-keys. */
export const serviceAccountsFeature = defineFeature({
  name: 'serviceAccounts',
  async register(app, { db }) {
    await app.register(serviceAccountsRoutes(new ServiceAccountsService(db)));
  },
});
