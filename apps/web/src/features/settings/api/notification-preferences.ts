import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@vocalis/domain/notification-preferences';

import { api } from '@/lib/api-client';

const key = ['user', 'notification-preferences'] as const;

/** GET /v1/user/notification-preferences. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<NotificationPreferences>('/v1/user/notification-preferences', { signal }),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** PATCH /v1/user/notification-preferences with the one kind that changed; the answer is the new state. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      api.patch<NotificationPreferences>('/v1/user/notification-preferences', change),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
