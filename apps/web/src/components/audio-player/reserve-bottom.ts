/** The CSS variable holding the height of the fixed player at the bottom (0 or unset without one). */
export const PLAYER_BAR_VAR = '--player-bar-height';

/**
 * A callback ref for the fixed player bar (or its "Show player" pill): while it is on screen its
 * height is published as `--player-bar-height` on <html>, so bottom-anchored things (the toasts) sit
 * above it instead of covering its download button and thumbs, and the pages under it pad their end by
 * its height (no blank band while there is no player).
 */
export function reserveBottom(element: HTMLElement | null) {
  if (!element) return;
  const root = document.documentElement;
  const publish = () =>
    root.style.setProperty(PLAYER_BAR_VAR, `${Math.ceil(element.getBoundingClientRect().height)}px`);
  publish();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
  observer?.observe(element);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(PLAYER_BAR_VAR);
  };
}
