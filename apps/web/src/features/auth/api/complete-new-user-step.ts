import { api } from '@/lib/api-client';

/** The new-user step's answer, stored with the user's metadata (POST /v1/user/edit-user-metadata). */
export function completeNewUserStep(input: { agreesToProductUpdates: boolean }) {
  return api.post<unknown>('/v1/user/edit-user-metadata', {
    agrees_to_product_updates: input.agreesToProductUpdates,
  });
}
