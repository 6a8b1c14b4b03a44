/**
 * The work of one dub (decision 142): cut the range, separate speech from background, transcribe with word
 * times and speakers (or take the manual CSV), translate each segment, fit a voice to each speaker, speak
 * the segments into their slots, mix over the background, watermark, and write mp3 or mux into the video.
 */
import { fitTempo } from '@vocalis/domain/dubbing/dubbing-rules';
import { dubbingLanguageName } from '@vocalis/domain/dubbing/dubbing-languages';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { fitDubVoice, type DubVoice } from '@vocalis/speech/dub/dub-voice';
import { backgroundOf, MIX_RATE, renderDub, type PlacedSegment } from '@vocalis/speech/dub/render-dub';
import { segmentWords } from '@vocalis/speech/dub/segment-words';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { isolateVoice } from '@vocalis/speech/isolate/isolate';
import { concat } from '@vocalis/speech/synthesize';
import { detectLanguage } from '@vocalis/speech/translate/detect-language';
import type { TranslatorSet } from '@vocalis/speech/translate/translator';
import { embedWatermark } from '@vocalis/speech/watermark/embed';
import type { DubSegment, DubSpeaker } from '../../db/schema/dubs';
import { newId } from '../../lib/ids';
import type { SttEngines } from '../speech-to-text/stt-engines';
import { transcribeAudio } from '../speech-to-text/transcribe-audio';
import { isH264, SOURCE_RATE } from './dubbing-input';
import type { DubRow } from './dubbing.repo';

/** A failure the user is told about as it is (other errors become a generic message). */
export class DubFailure extends Error {}

export interface PipelineDeps {
  stt: SttEngines;
  translators: TranslatorSet;
  voices: SpeechEngine;
  watermarkKey: string;
  readFile(path: string): Promise<Uint8Array | null>;
  progress(percent: number, message: string): Promise<void>;
}

export interface DubResult {
  sourceLang: string;
  segments: DubSegment[];
  speakers: DubSpeaker[];
  media: Uint8Array;
  contentType: string;
  extension: string;
  placed: PlacedSegment[];
}

const secs = (n: number) => n.toFixed(3);

/** Makes the dub of a row; `render` speaks the row's stored (edited) segments again without recognising them. */
export async function runDubPipeline(row: DubRow, d: PipelineDeps, render = false): Promise<DubResult> {
  const target = row.targetLangs[0]!;
  await d.progress(5, 'Reading the media');
  const source = await d.readFile(row.sourcePath);
  if (!source) throw new DubFailure('The source media is gone.');
  const start = row.options.startTime ?? 0;
  const end = Math.min(row.options.endTime ?? row.durationSeconds, row.durationSeconds);
  const duration = end - start;
  const cut = ['-ss', secs(start), '-t', secs(duration)];
  const original = await decodeAudio(source, SOURCE_RATE, cut);

  await d.progress(15, 'Separating speech from background');
  const fgPath = row.extraPaths.foreground;
  const bgPath = row.extraPaths.background;
  const fg = fgPath ? await d.readFile(fgPath) : null;
  const voice = fg ? await decodeAudio(fg, SOURCE_RATE, cut) : isolateVoice(original);
  let background: Int16Array | undefined;
  if (!row.options.dropBackgroundAudio) {
    const bg = bgPath ? await d.readFile(bgPath) : null;
    background = bg
      ? await decodeAudio(bg, MIX_RATE, cut)
      : await resample(backgroundOf(original, voice), SOURCE_RATE, MIX_RATE);
  }

  let sourceLang = row.sourceLang;
  let segments: DubSegment[] = row.segments;
  if (row.options.mode === 'automatic' && !render) {
    await d.progress(30, 'Transcribing');
    const engine = d.stt.pick('scribe_v1', sourceLang ?? undefined);
    const heard = await transcribeAudio(engine, voice, sourceLang ?? undefined, {
      diarize: true,
      numSpeakers: row.options.numSpeakers || null,
    });
    if (!sourceLang) {
      sourceLang = heard.languageCode;
      const guess = engine.languages === 'any' ? null : detectLanguage(heard.text);
      if (guess && guess !== sourceLang)
        throw new DubFailure(
          `The speech could not be recognised: the recogniser here only understands ${(engine.languages as readonly string[]).map(dubbingLanguageName).join(', ')}.`,
        );
    }
    const cuts = segmentWords(heard.words.map((w) => ({ ...w, speaker: w.speaker ?? 0 })));
    if (!cuts.length) throw new DubFailure('No speech was found in the media.');
    const pair = { from: sourceLang, to: target };
    const translator = await d.translators.pick(pair);
    if (!translator)
      throw new DubFailure(
        `No translator here serves ${dubbingLanguageName(sourceLang)} to ${dubbingLanguageName(target)}.`,
      );
    await d.progress(50, `Translating with ${translator.id}`);
    const texts = await translator.translate(
      cuts.map((c) => c.text),
      pair,
    );
    segments = cuts.map((c, i) => ({
      id: newId(),
      speaker: c.speaker,
      start: c.start,
      end: c.end,
      text: c.text,
      translations: { [target]: texts[i] ?? '' },
    }));
  }

  await d.progress(60, 'Fitting a voice to each speaker');
  const voices = new Map<number, DubVoice>();
  for (const id of [...new Set(segments.map((s) => s.speaker))].sort((a, b) => a - b)) {
    const own = concat(
      segments
        .filter((s) => s.speaker === id)
        .map((s) => voice.subarray(Math.floor(s.start * SOURCE_RATE), Math.ceil(s.end * SOURCE_RATE))),
    );
    voices.set(id, await fitDubVoice(d.voices, target, own, SOURCE_RATE));
  }

  let reported = 60;
  const { pcm, placed } = await renderDub({
    engine: d.voices,
    language: target,
    segments: segments.map((s) => ({
      start: s.start,
      end: s.end,
      text: s.translations[target] ?? '',
      speaker: s.speaker,
    })),
    voices,
    duration,
    fitTempo,
    background,
    onSegment: (done, total) => {
      const p = 60 + Math.floor((30 * done) / total);
      if (p > reported + 4) {
        reported = p;
        void d.progress(p, `Speaking segment ${done} of ${total}`);
      }
    },
  });

  await d.progress(92, 'Mixing and encoding');
  const marked = embedWatermark(pcm, MIX_RATE, d.watermarkKey);
  const speakers: DubSpeaker[] = [...voices].map(([id, v]) => ({ id, voices: { [target]: v } }));
  const base = { sourceLang: sourceLang!, segments, speakers, placed };
  if (!row.isVideo) {
    const media = await encodeAudio(marked, MIX_RATE, 'mp3_44100_128');
    return { ...base, media, contentType: 'audio/mpeg', extension: 'mp3' };
  }
  const mux = (video: string[]) =>
    runFfmpeg(
      [
        ...cut,
        '-i',
        'in.bin',
        '-i',
        'dub.wav',
        '-map',
        '0:v:0',
        '-map',
        '1:a:0',
        ...video,
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-t',
        secs(duration),
        '-movflags',
        '+faststart',
        'out.mp4',
      ],
      { 'in.bin': source, 'dub.wav': encodeWav(marked, MIX_RATE) },
      'out.mp4',
    );
  // An H.264 picture is copied; any other is encoded to H.264, which every browser plays in mp4.
  const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
  const media = (await isH264(source))
    ? await mux(['-c:v', 'copy']).catch(() => mux(encode))
    : await mux(encode);
  return { ...base, media, contentType: 'video/mp4', extension: 'mp4' };
}
