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
import { fitDubVoice } from '@vocalis/speech/dub/dub-voice';
import {
  backgroundOf,
  mixDub,
  MIX_RATE,
  speakSegment,
  type PlacedSegment,
} from '@vocalis/speech/dub/render-dub';
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
import { clipBytes, clipKey, clipPcm, isStale, speaks, voiceOf } from './dub-clips';
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
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
  progress(percent: number, message: string): Promise<void>;
}

/** What a run of the job does: the first dub, a render of one language, or speaking segments (`dub`). */
export type DubWork =
  | { kind: 'create' }
  | { kind: 'render'; language: string }
  | { kind: 'speak'; languages: string[]; segments: string[] | null };

export interface DubResult {
  sourceLang: string;
  segments: DubSegment[];
  speakers: DubSpeaker[];
  /** The rendered language (not for `speak`). */
  output?: {
    language: string;
    media: Uint8Array;
    contentType: string;
    extension: string;
    placed: (PlacedSegment & { id: string })[];
  };
  /** Seconds of segment slots spoken (again) and the clip files replaced (to remove once saved). */
  spokenSeconds: number;
  replacedClips: string[];
}

const secs = (n: number) => n.toFixed(3);

/**
 * Makes the dub of a row. `create` recognises and translates (automatic mode) and renders the first target;
 * `render` renders a language from the stored (edited) segments; `speak` only speaks segments. Segments whose
 * clip still matches (dub-clips.ts) are not spoken again.
 */
export async function runDubPipeline(row: DubRow, d: PipelineDeps, work: DubWork): Promise<DubResult> {
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
  if (!row.options.dropBackgroundAudio && work.kind !== 'speak') {
    const bg = bgPath ? await d.readFile(bgPath) : null;
    background = bg
      ? await decodeAudio(bg, MIX_RATE, cut)
      : await resample(backgroundOf(original, voice), SOURCE_RATE, MIX_RATE);
  }

  let sourceLang = row.sourceLang;
  let segments: DubSegment[] = row.segments;
  const first = row.targetLangs[0]!;
  if (row.options.mode === 'automatic' && work.kind === 'create') {
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
    const pair = { from: sourceLang, to: first };
    const translator = await d.translators.pick(pair);
    if (!translator)
      throw new DubFailure(
        `No translator here serves ${dubbingLanguageName(sourceLang)} to ${dubbingLanguageName(first)}.`,
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
      translations: { [first]: texts[i] ?? '' },
    }));
  }

  const languages = work.kind === 'speak' ? work.languages : [work.kind === 'render' ? work.language : first];
  const chosen = work.kind === 'speak' && work.segments ? new Set(work.segments) : null;
  await d.progress(60, 'Fitting a voice to each speaker');
  // Voices kept on the row (fitted before, or chosen in the editor) are kept: their clips stay valid.
  const speakers: DubSpeaker[] = row.speakers.map((s) => ({ ...s, voices: { ...s.voices } }));
  const ids = [...new Set([...segments.map((s) => s.speaker), ...speakers.map((s) => s.id)])];
  for (const id of ids.sort((a, b) => a - b)) {
    let sp = speakers.find((s) => s.id === id);
    if (!sp) speakers.push((sp = { id, voices: {} }));
    for (const lang of languages) {
      if (sp.voices[lang]) continue;
      const own = concat(
        segments
          .filter((s) => s.speaker === id)
          .map((s) => voice.subarray(Math.floor(s.start * SOURCE_RATE), Math.ceil(s.end * SOURCE_RATE))),
      );
      sp.voices[lang] = await fitDubVoice(d.voices, lang, own, SOURCE_RATE);
    }
  }

  // Speak what changed; reuse the other clips.
  const view = { speakers };
  const todo = languages.flatMap((lang) =>
    segments.filter((s) => (!chosen || chosen.has(s.id)) && isStale(view, s, lang)).map((s) => ({ s, lang })),
  );
  const fresh = new Map<string, { path: string; key: string; tempo: number; pcm: Int16Array }>();
  const replacedClips: string[] = [];
  let spokenSeconds = 0;
  let reported = 60;
  for (const [n, { s, lang }] of todo.entries()) {
    const v = voiceOf(speakers, s.speaker, lang)!;
    const clip = await speakSegment({
      engine: d.voices,
      language: lang,
      voice: v,
      text: s.translations[lang]!,
      slot: s.end - s.start,
      fitTempo,
    });
    const key = clipKey(s, lang, v);
    const path = `dubbing/${row.workspaceId}/${row.id}/clips/${lang}/${s.id}-${key.slice(0, 12)}.pcm`;
    await d.writeFile(path, clipBytes(clip.pcm));
    const old = s.clips?.[lang]?.path;
    if (old && old !== path) replacedClips.push(old);
    fresh.set(`${s.id}/${lang}`, { path, key, tempo: clip.tempo, pcm: clip.pcm });
    spokenSeconds += s.end - s.start;
    const p = 60 + Math.floor((30 * (n + 1)) / todo.length);
    if (p > reported + 4) {
      reported = p;
      await d.progress(p, `Speaking segment ${n + 1} of ${todo.length}`);
    }
  }
  const stored = segments.map((s) => {
    const clips = { ...s.clips };
    for (const lang of languages) {
      const f = fresh.get(`${s.id}/${lang}`);
      if (f) clips[lang] = { path: f.path, key: f.key, tempo: f.tempo };
    }
    return { ...s, clips };
  });
  const base = { sourceLang: sourceLang!, segments: stored, speakers, spokenSeconds, replacedClips };
  if (work.kind === 'speak') return base;

  const lang = languages[0]!;
  await d.progress(90, 'Mixing');
  const clips = [];
  for (const s of stored) {
    const f = fresh.get(`${s.id}/${lang}`);
    const kept = s.clips[lang];
    let pcm = f?.pcm;
    if (!pcm && speaks(s, lang) && kept) {
      const bytes = await d.readFile(kept.path);
      if (!bytes) throw new DubFailure('A spoken segment is gone from storage; dub it again.');
      pcm = clipPcm(bytes);
    }
    clips.push({
      start: s.start,
      clip: { pcm: pcm ?? new Int16Array(0), tempo: f?.tempo ?? kept?.tempo ?? 1 },
    });
  }
  const mixed = mixDub({ clips, duration, background });
  const placed = mixed.placed.map((p, i) => ({ ...p, id: stored[i]!.id }));

  await d.progress(92, 'Encoding');
  const marked = embedWatermark(mixed.pcm, MIX_RATE, d.watermarkKey);
  if (!row.isVideo) {
    const media = await encodeAudio(marked, MIX_RATE, 'mp3_44100_128');
    return {
      ...base,
      output: { language: lang, media, contentType: 'audio/mpeg', extension: 'mp3', placed },
    };
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
  return { ...base, output: { language: lang, media, contentType: 'video/mp4', extension: 'mp4', placed } };
}
