import { notificationPreferences } from '@vocalis/contracts/notification-preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import type { NotificationPreferencesService } from './notification-preferences.service';

export const notificationPreferencesRoutes =
  (service: NotificationPreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/user/notification-preferences',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Which optional notices you get (all on by default)',
          response: { 200: notificationPreferences },
        },
      },
      (request) => service.get(requireUser(request)),
    );

    app.patch(
      '/v1/user/notification-preferences',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Turn optional notices on or off',
          description:
            'Body: any of the keys of NotificationPreferences with a boolean. Unknown keys, non-boolean ' +
            'values or an empty body answer 400 and change nothing.',
          // Checked by the service so bad input answers 400 in the detail shape, not the 422 list.
          body: z.unknown(),
          response: { 200: notificationPreferences },
        },
      },
      (request) => service.update(requireUser(request), request.body),
    );
  };
