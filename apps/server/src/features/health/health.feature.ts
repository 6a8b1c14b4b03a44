import { defineFeature } from '../feature';
import { healthRoutes } from './health.routes';

/** /healthz (checks the database) and /readyz (false while starting or draining). */
export const healthFeature = defineFeature({
  name: 'health',
  async register(app, { database, lifecycle }) {
    await app.register(healthRoutes(database, lifecycle));
  },
});
