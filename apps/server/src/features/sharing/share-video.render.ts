import fs from 'node:fs';
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { VIDEO_THEME_COLOURS, videoTextLines, type VideoTheme } from '@vocalis/domain/share-video';

/** Square frames: they fit every social feed. */
export const VIDEO_SIZE = 720;
const FPS = 15;
const WAVE_HEIGHT = 200;

/** Fonts drawtext can use, in order of preference (the WASM ffmpeg has freetype but no fontconfig). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSans.ttf',
];

let font: Uint8Array | null | undefined;
function findFont(): Uint8Array | null {
  if (font !== undefined) return font;
  const found = FONT_CANDIDATES.find((p) => fs.existsSync(p));
  font = found ? fs.readFileSync(found) : null;
  return font;
}

export type ShareVideoInput = { audio: Uint8Array; text: string; theme: VideoTheme };

const ffColour = (hex: string) => `0x${hex.slice(1)}`;

/**
 * The filter graph: the theme's background, the voice as a waveform (moving in the video, the whole
 * clip in the preview) and the text drawn above it. Input 0 is the audio.
 */
function filterGraph(theme: VideoTheme, still: boolean, withText: boolean): string {
  const c = VIDEO_THEME_COLOURS[theme];
  const S = VIDEO_SIZE;
  const wave = still
    ? `[0:a]showwavespic=s=${S - 80}x${WAVE_HEIGHT}:colors=${ffColour(c.wave)}[w]`
    : `[0:a]showwaves=s=${S - 80}x${WAVE_HEIGHT}:mode=cline:rate=${FPS}:colors=${ffColour(c.wave)},format=rgba[w]`;
  const bg = `color=c=${ffColour(c.background)}:s=${S}x${S}:r=${FPS}[bg]`;
  const over = `[bg][w]overlay=40:${S - WAVE_HEIGHT - 60}:shortest=1`;
  const text = withText
    ? `,drawtext=fontfile=font.ttf:textfile=text.txt:fontsize=36:line_spacing=14:fontcolor=${ffColour(c.text)}:x=48:y=72`
    : '';
  return `${wave};${bg};${over}${text},format=yuv420p[v]`;
}

function inputs({ audio, text }: ShareVideoInput) {
  const fontBytes = findFont();
  const files: Record<string, Uint8Array> = { 'in.audio': audio };
  if (fontBytes) {
    files['font.ttf'] = fontBytes;
    files['text.txt'] = new TextEncoder().encode(videoTextLines(text, 30, 9).join('\n'));
  }
  return { files, withText: fontBytes !== null };
}

/** An mp4 (H.264 + AAC) as long as the audio. Synchronous WASM work: call it in a worker thread. */
export function renderShareVideo(input: ShareVideoInput): Promise<Uint8Array> {
  const { files, withText } = inputs(input);
  return runFfmpeg(
    [
      '-i',
      'in.audio',
      '-filter_complex',
      filterGraph(input.theme, false, withText),
      '-map',
      '[v]',
      '-map',
      '0:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'stillimage',
      '-r',
      String(FPS),
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-shortest',
      '-movflags',
      '+faststart',
      'out.mp4',
    ],
    files,
    'out.mp4',
  );
}

/** A PNG of the video's look, VIDEO_SIZE square, with the whole clip's waveform. */
export function renderShareVideoPreview(input: ShareVideoInput): Promise<Uint8Array> {
  const { files, withText } = inputs(input);
  return runFfmpeg(
    [
      '-i',
      'in.audio',
      '-filter_complex',
      filterGraph(input.theme, true, withText),
      '-map',
      '[v]',
      '-frames:v',
      '1',
      'out.png',
    ],
    files,
    'out.png',
  );
}
