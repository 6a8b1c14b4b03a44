import { NOTIFICATION_KINDS, type NotificationKind } from '@vocalis/domain/notification-preferences';
import { z } from 'zod';

const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
  NotificationKind,
  z.ZodBoolean
>;

/** GET /v1/user/notification-preferences: every optional notice kind, true when the user gets it. */
export const notificationPreferences = z.object(kinds).meta({ id: 'NotificationPreferences' });

/** PATCH body: any subset of the kinds, at least one; unknown keys are refused. */
export const updateNotificationPreferencesBody = z
  .object(kinds)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one notification kind.' });
