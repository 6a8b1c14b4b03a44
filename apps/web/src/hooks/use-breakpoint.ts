import { BREAKPOINTS } from '@vocalis/domain/ui-constants';
import { useSyncExternalStore } from 'react';

export type Breakpoint = keyof typeof BREAKPOINTS;
/** 'base' is below the smallest breakpoint. */
export type BreakpointName = Breakpoint | 'base';

const ordered = (Object.entries(BREAKPOINTS) as [Breakpoint, number][]).sort((a, b) => b[1] - a[1]);

function currentBreakpoint(): BreakpointName {
  if (typeof window === 'undefined') return 'base';
  for (const [name, min] of ordered) {
    if (window.matchMedia(`(min-width: ${min}px)`).matches) return name;
  }
  return 'base';
}

function subscribe(onChange: () => void): () => void {
  const queries = ordered.map(([, min]) => window.matchMedia(`(min-width: ${min}px)`));
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

/**
 * The widest spec breakpoint (accounts.md §9) the viewport reaches, plus `isAtLeast(bp)` for layout
 * decisions that CSS alone cannot make (e.g. whether the sidebar is a drawer).
 */
export function useBreakpoint() {
  const breakpoint = useSyncExternalStore(subscribe, currentBreakpoint, () => 'base' as BreakpointName);
  const width = breakpoint === 'base' ? 0 : BREAKPOINTS[breakpoint];
  return {
    breakpoint,
    isAtLeast: (bp: Breakpoint) => width >= BREAKPOINTS[bp],
  };
}
