/** Subtitles of a dub's segments (dubbing.transcript.getTranscriptForDub): SRT and WebVTT. */

export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `HH:MM:SS{sep}mmm` for a time in seconds. */
export function cueTime(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

const clean = (t: string) => t.replace(/\s+/g, ' ').trim();

/** SubRip: numbered cues, comma before the milliseconds. */
export function toSrt(cues: SubtitleCue[]): string {
  return cues
    .filter((c) => clean(c.text))
    .map((c, i) => `${i + 1}\n${cueTime(c.start, ',')} --> ${cueTime(c.end, ',')}\n${clean(c.text)}\n`)
    .join('\n');
}

/** WebVTT: a header, a dot before the milliseconds, the speaker as a voice span. */
export function toWebVtt(cues: SubtitleCue[]): string {
  const body = cues
    .filter((c) => clean(c.text))
    .map((c) => {
      const text = clean(c.text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return `${cueTime(c.start, '.')} --> ${cueTime(c.end, '.')}\n${c.speaker ? `<v ${c.speaker}>` : ''}${text}\n`;
    })
    .join('\n');
  return `WEBVTT\n\n${body}`;
}
