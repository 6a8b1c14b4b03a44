import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { runOnce } from '@/lib/storage';
import { setCurrentUser, useCurrentUser } from '@/lib/current-user';

import { registerGeolocation } from '../api/consent-calls';

/**
 * Registers the user's location (looked up by the server from this request) once per browser while
 * none is stored: the consent rules (biometric terms, privacy opt-out) depend on it. Renders nothing.
 */
export function LocationRegistrar() {
  const queryClient = useQueryClient();
  const { data } = useCurrentUser();
  const userId = data?.user_id;
  const known = data?.geo_location != null;
  useEffect(() => {
    if (!userId || known) return;
    runOnce(`register-geolocation:${userId}`, () => {
      registerGeolocation()
        .then((user) => setCurrentUser(queryClient, user))
        .catch(() => undefined); // Best effort: without a location no regional rule applies.
    });
  }, [userId, known, queryClient]);
  return null;
}
