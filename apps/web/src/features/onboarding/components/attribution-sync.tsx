import { useEffect } from 'react';

import { syncAttribution } from '@/lib/attribution';
import { useCurrentUser } from '@/lib/current-user';

/** After sign-in: post-registration setup (referral), a remembered paid-ad visit, the device. Renders nothing. */
export function AttributionSync() {
  const { data } = useCurrentUser();
  const userId = data?.user_id;
  const email = data?.email;
  useEffect(() => {
    if (userId && email) syncAttribution({ user_id: userId, email });
  }, [userId, email]);
  return null;
}
