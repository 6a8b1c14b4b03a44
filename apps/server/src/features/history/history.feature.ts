import { defineFeature } from '../feature';
import { historyRoutes } from './history.routes';

/** Speech history: list, item, audio with byte ranges, delete, download, feedback (decision 025). */
export const historyFeature = defineFeature({
  name: 'history',
  async register(app, { history }) {
    await app.register(historyRoutes(history));
    return history;
  },
});
