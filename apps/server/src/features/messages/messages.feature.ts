import { defineFeature } from '../feature';
import { messagesRoutes } from './messages.routes';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { NotificationPreferencesService } from './notification-preferences.service';

/** The notification messages of the bell menu and each user's notification preferences. */
export const messagesFeature = defineFeature({
  name: 'messages',
  async register(app, { db, messages }) {
    await app.register(messagesRoutes(messages));
    await app.register(notificationPreferencesRoutes(new NotificationPreferencesService(db)));
    return messages;
  },
});
