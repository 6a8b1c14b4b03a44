import { useSyncExternalStore } from 'react';

/**
 * Whether a new voice-cloning flow is open (content-and-workspace.md §4: the voiceCaptcha dialog is
 * skipped while one is in progress). The add dialog marks it; the safety shell reads it.
 */
let open = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const cloningFlow = {
  begin(): () => void {
    open++;
    emit();
    return () => {
      open = Math.max(0, open - 1);
      emit();
    };
  },
  active: () => open > 0,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useCloningFlowActive(): boolean {
  return useSyncExternalStore(cloningFlow.subscribe, cloningFlow.active, () => false);
}
