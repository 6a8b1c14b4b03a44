import type { User } from '@vocalis/contracts/user';
import { CHECKLIST_STEP_TOAST, shouldCongratulate } from '@vocalis/domain/onboarding-checklist';
import { useEffect, useRef } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import { useCurrentUser, useLiveCurrentUser } from '@/lib/current-user';

/**
 * Shows the spec's congratulation toast when a checklist step becomes completed (by this tab or by a
 * server event delivered live), unless the checklist is hidden. Renders nothing.
 */
export function ChecklistToaster() {
  useLiveCurrentUser();
  const { data } = useCurrentUser();
  const previous = useRef<User['onboarding_checklist'] | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const before = previous.current;
    previous.current = data.onboarding_checklist;
    if (before !== undefined && shouldCongratulate(before, data.onboarding_checklist)) {
      toast.success(CHECKLIST_STEP_TOAST);
    }
  }, [data]);
  return null;
}
