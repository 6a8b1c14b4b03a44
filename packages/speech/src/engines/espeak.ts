/**
 * eSpeak-NG engine (Emscripten build): 100+ languages, streamed Int16 chunks with word and phoneme
 * events. One worker per process: synthesis is synchronous inside the call, so calls never interleave.
 * eSpeak reads its input as SSML, so `<`, `>` and `&` are escaped; its `text_position` is 1-based in
 * code points of that escaped text, which is mapped back to UTF-16 offsets of the request text.
 */
import EspeakInitializer from '@echogarden/espeak-ng-emscripten';
import type { EngineVoice, SpeechChunk, SpeechEngine, SynthesisRequest, TimingEvent } from '../engine';
import { throwIfAborted } from '../engine';

interface RawEvent {
  type: string;
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}
interface EspeakWorker {
  list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[];
  set_voice(name: string): number;
  set_rate(v: number): void;
  set_pitch(v: number): void;
  set_range(v: number): void;
  get_samplerate(): number;
  synthesize(text: string, cb: (pcm: Int16Array, events: RawEvent[]) => boolean): void;
}

/**
 * Voice variants shipped in espeak-ng-data/voices/!v that change timbre (append as `lang+variant`),
 * with the gender their pitch and formants give (klatt1–6 only switch the synthesiser and keep the
 * male default pitch; measured median f0 of klatt5 ~98 Hz).
 */
export const ESPEAK_VARIANTS: Record<string, 'male' | 'female'> = {
  m1: 'male',
  m2: 'male',
  m3: 'male',
  m4: 'male',
  m5: 'male',
  m6: 'male',
  m7: 'male',
  m8: 'male',
  f1: 'female',
  f2: 'female',
  f3: 'female',
  f4: 'female',
  f5: 'female',
  klatt: 'male',
  klatt2: 'male',
  klatt3: 'male',
  klatt4: 'male',
  klatt5: 'male',
  klatt6: 'male',
  croak: 'male',
  whisper: 'male',
  whisperf: 'female',
};
const DEFAULT_RATE = 175;

let worker: Promise<EspeakWorker> | undefined;
function espeakWorker(): Promise<EspeakWorker> {
  worker ??= EspeakInitializer().then((m) => new m.eSpeakNGWorker() as EspeakWorker);
  return worker;
}

const clamp = (v: number, lo: number, hi: number) => Math.round(Math.min(hi, Math.max(lo, v)));

/**
 * Escapes markup and returns, for each code point of the escaped text (0-based), the UTF-16 offset
 * in the original text where it starts; the extra last entry is the text length.
 */
export function escapeForEspeak(text: string): { escaped: string; cpToUtf16: number[] } {
  let escaped = '';
  const cpToUtf16: number[] = [];
  let i = 0;
  for (const ch of text) {
    const rep = ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : ch;
    escaped += rep;
    for (const _ of rep) cpToUtf16.push(i);
    i += ch.length;
  }
  cpToUtf16.push(i);
  return { escaped, cpToUtf16 };
}

/** Converts eSpeak's raw events into timing events (word ends at the next word or sentence end). */
export function espeakEvents(raw: RawEvent[], cpToUtf16: number[], timeOffset: number): TimingEvent[] {
  const at = (pos: number) => cpToUtf16[Math.min(Math.max(pos - 1, 0), cpToUtf16.length - 1)]!;
  const out: TimingEvent[] = [];
  const boundaries = raw
    .filter((e) => e.type === 'word' || e.type === 'end')
    .map((e) => e.audio_position / 1000);
  const words = raw.filter((e) => e.type === 'word');
  for (const w of words) {
    const start = w.audio_position / 1000;
    const end = Math.max(start, boundaries.find((b) => b > start) ?? start);
    const textStart = at(w.text_position);
    out.push({
      type: 'word',
      start: start + timeOffset,
      end: end + timeOffset,
      textStart,
      textEnd: Math.max(textStart, at(w.text_position + w.word_length)),
    });
  }
  const phonemes = raw.filter((e) => e.type === 'phoneme');
  phonemes.forEach((p, k) => {
    const start = p.audio_position / 1000;
    const next = phonemes[k + 1] ? phonemes[k + 1]!.audio_position / 1000 : boundaries.find((b) => b > start);
    const end = Math.max(start, next ?? start);
    const textStart = at(p.text_position);
    out.push({
      type: 'phoneme',
      start: start + timeOffset,
      end: end + timeOffset,
      textStart,
      textEnd: textStart,
      value: String(p.id ?? ''),
    });
  });
  return out.sort((a, b) => a.start - b.start);
}

/** Validates `lang[+variant]` and the variant name. */
function voiceName(request: SynthesisRequest): string {
  const [lang, variant] = request.voice.split('+');
  if (variant && !(variant in ESPEAK_VARIANTS)) throw new Error(`unknown eSpeak variant: ${variant}`);
  return variant ? `${lang}+${variant}` : lang!;
}

/**
 * Selects `lang[+variant]`. eSpeak finds most voices by language name, but a few only by file name
 * (`en-gb` is `gmw/en`, `fr-fr` is `roa/fr`): the ids `voices()` lists must all work, so retry those.
 */
function selectVoice(w: EspeakWorker, name: string): boolean {
  if (w.set_voice(name) === 0) return true;
  const [lang, variant] = name.split('+');
  const entry = w.list_voices().find((v) => v.languages[0]?.name === lang);
  const file = entry?.identifier.split('/').pop();
  return !!file && w.set_voice(variant ? `${file}+${variant}` : file) === 0;
}

/** The eSpeak-NG engine; voice ids are language codes with an optional variant (`en-us+f3`). */
export function createEspeakEngine(): SpeechEngine {
  const voices = async (): Promise<EngineVoice[]> =>
    (await espeakWorker()).list_voices().map((v) => ({
      id: v.languages[0]!.name,
      name: v.name,
      languages: v.languages.map((l) => l.name),
      gender: 'male',
    }));
  return {
    id: 'espeak',
    voices,
    languages: async () => [...new Set((await voices()).flatMap((v) => v.languages))].sort(),
    async *synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk> {
      const w = await espeakWorker();
      throwIfAborted(signal);
      const p = request.prosody ?? {};
      if (!selectVoice(w, voiceName(request))) throw new Error(`unknown eSpeak voice: ${request.voice}`);
      w.set_rate(clamp(DEFAULT_RATE * (p.rate ?? 1), 80, 450));
      w.set_pitch(clamp(50 * (p.pitch ?? 1), 0, 99));
      w.set_range(clamp(50 * (p.pitchVariation ?? 1) * (p.range ?? 1), 0, 99));
      const sampleRate = w.get_samplerate();
      const { escaped, cpToUtf16 } = escapeForEspeak(request.text);
      const blocks: Int16Array[] = [];
      const raw: RawEvent[] = [];
      // Returning true from the callback asks eSpeak to stop.
      w.synthesize(escaped, (pcm, events) => {
        blocks.push(pcm);
        raw.push(...events);
        return signal?.aborted ?? false;
      });
      throwIfAborted(signal);
      const offset = request.timeOffset ?? 0;
      const events = espeakEvents(raw, cpToUtf16, offset);
      let t = offset;
      for (const pcm of blocks) {
        const end = t + pcm.length / sampleRate;
        const last = pcm === blocks.at(-1);
        yield { pcm, sampleRate, events: events.filter((e) => e.start >= t && (e.start < end || last)) };
        t = end;
      }
    },
  };
}
