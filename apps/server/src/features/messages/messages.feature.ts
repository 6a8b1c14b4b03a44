import { defineFeature } from '../feature';
import { messagesRoutes } from './messages.routes';

/** The notification messages of the bell menu. */
export const messagesFeature = defineFeature({
  name: 'messages',
  async register(app, { messages }) {
    await app.register(messagesRoutes(messages));
    return messages;
  },
});
