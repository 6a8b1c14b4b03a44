import { shouldLoadSavedPromo, type StoredPromo } from '@vocalis/domain/billing/promo';
import { useCallback } from 'react';

import { useLocalStorage } from '@/hooks/use-local-storage';

/** Local storage name of the promo coupon (billing.md §3 "Promo coupon (stored)"). */
export const SAVED_PROMO_KEY = 'promo_coupon';

/** The saved promo: loaded only when it is extended and carries a code (billing.md §4). */
export function useSavedPromo() {
  const [stored, setStored] = useLocalStorage<StoredPromo | null>(SAVED_PROMO_KEY, null);
  const save = useCallback((promo: StoredPromo) => setStored(promo), [setStored]);
  const clear = useCallback(() => setStored(null), [setStored]);
  return { promo: shouldLoadSavedPromo(stored) ? stored : null, save, clear };
}
