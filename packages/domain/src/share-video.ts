/**
 * Share as a video (content-and-workspace.md §2 "Share video modal", §6 "Video modal", §8, §9): the
 * themes, the progress estimate, the text the frame shows, and the spec's messages.
 */

/** colour (default), white (light) and black (dark). */
export const VIDEO_THEMES = ['colour', 'light', 'dark'] as const;
export type VideoTheme = (typeof VIDEO_THEMES)[number];
export const DEFAULT_VIDEO_THEME: VideoTheme = 'colour';
export const VIDEO_THEME_LABELS: Record<VideoTheme, string> = {
  colour: 'Colour',
  light: 'White',
  dark: 'Black',
};

/** Background, waveform and text colours of each theme (hex, as ffmpeg and CSS both read them). */
export const VIDEO_THEME_COLOURS: Record<VideoTheme, { background: string; wave: string; text: string }> = {
  colour: { background: '#4F46E5', wave: '#FDE68A', text: '#FFFFFF' },
  light: { background: '#FFFFFF', wave: '#4F46E5', text: '#18181B' },
  dark: { background: '#000000', wave: '#A5B4FC', text: '#FFFFFF' },
};

/** §6: progress is estimated at 130 ms per character of the text, updated every 100 ms, capped at 1. */
export const VIDEO_PROGRESS_MS_PER_CHARACTER = 130;
export const VIDEO_PROGRESS_INTERVAL_MS = 100;

export function estimatedVideoProgress(elapsedMs: number, characters: number): number {
  if (characters <= 0) return 1;
  return Math.min(1, Math.max(0, elapsedMs / (characters * VIDEO_PROGRESS_MS_PER_CHARACTER)));
}

export const VIDEO_ONLY_FOR_TTS = 'Video generation is only available for text-to-speech items';
export const UNKNOWN_VIDEO_ERROR = 'Unknown error generating video';
export const videoErrorMessage = (message: string | null | undefined): string =>
  message ? `Error generating video: ${message}` : UNKNOWN_VIDEO_ERROR;
export const videoPreviewErrorMessage = (message: string): string =>
  `Error generating video preview: ${message}`;

/**
 * The text as the frame shows it: whitespace collapsed, wrapped at word boundaries to `width`
 * characters (longer words are cut), at most `maxLines` lines, the last ending in "…" when text is left.
 */
export function videoTextLines(text: string, width = 30, maxLines = 6): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (Array.from(word).length > width) {
      if (line) lines.push(line);
      const chars = Array.from(word);
      lines.push(chars.slice(0, width).join(''));
      word = chars.slice(width).join('');
      line = '';
    }
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = Array.from(kept[maxLines - 1]!);
  kept[maxLines - 1] = `${last.slice(0, width - 1).join('')}…`;
  return kept;
}
