/**
 * Speakers of the dubbing resource (decision 180): created, named, given a voice of the built-in engine per
 * target language, offered voices similar to their own; and segments recognised again from the source.
 */
import { espeakLanguage } from '@vocalis/speech/dub/dub-voice';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { ESPEAK_VARIANTS } from '@vocalis/speech/engines/espeak';
import { isolateVoice } from '@vocalis/speech/isolate/isolate';
import { IDENTITY } from '@vocalis/speech/profile/fit';
import type { DubSpeaker } from '../../db/schema/dubs';
import { AppError, badRequest } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import type { SttEngines } from '../speech-to-text/stt-engines';
import { transcribeAudio } from '../speech-to-text/transcribe-audio';
import { SOURCE_RATE } from './dubbing-input';
import { chosenSegments, speakerNumber, type DubAccess } from './dub-access';

/** The voices a speaker can be given: the eSpeak-NG variants that keep speech natural enough to dub with. */
export const DUB_VOICE_IDS = [
  'f1',
  'f2',
  'f3',
  'f4',
  'f5',
  'm1',
  'm2',
  'm3',
  'm4',
  'm5',
  'm6',
  'm7',
] as const;
const voiceName = (v: string) => `${v.startsWith('f') ? 'Female' : 'Male'} ${v.slice(1)} (eSpeak-NG)`;

/** A chosen voice id (`f3`, or `es+f3` as the resource shows it) as its variant; 400 for others. */
function variantOf(voiceId: string): string {
  const v = voiceId.includes('+') ? voiceId.split('+')[1]! : voiceId;
  if (!(DUB_VOICE_IDS as readonly string[]).includes(v))
    throw badRequest(
      `voice_id ${JSON.stringify(voiceId)} is not a dubbing voice here. Use one of ${DUB_VOICE_IDS.join(', ')}.`,
      'invalid_voice_id',
    );
  return v;
}

const chosenVoice = (language: string, variant: string): DubSpeaker['voices'][string] => ({
  voice: `${espeakLanguage(language)}+${variant}`,
  gender: ESPEAK_VARIANTS[variant] ?? 'male',
  rendering: IDENTITY,
});

export class DubbingSpeakersService {
  constructor(
    private readonly a: DubAccess,
    private readonly files: FileStorage,
    private readonly stt: SttEngines,
  ) {}

  /** A new speaker (with no segments yet), optionally with a voice for every target language. */
  async create(
    caller: Principal,
    id: string,
    body: { speaker_name?: string; voice_id?: string },
  ): Promise<{ version: number; speakerId: string }> {
    const row = await this.a.row(caller, id, true);
    const variant = body.voice_id ? variantOf(body.voice_id) : undefined;
    const n = Math.max(-1, ...row.speakers.map((s) => s.id), ...row.segments.map((s) => s.speaker)) + 1;
    const speaker: DubSpeaker = {
      id: n,
      ...(body.speaker_name?.trim() && { name: body.speaker_name.trim() }),
      voices: variant ? Object.fromEntries(row.targetLangs.map((l) => [l, chosenVoice(l, variant)])) : {},
    };
    const version = await this.a.save(row, { speakers: [...row.speakers, speaker] });
    return { version, speakerId: `speaker_${n}` };
  }

  /** Renames a speaker or gives it a voice in some (default all) target languages. */
  async update(
    caller: Principal,
    id: string,
    speakerId: string,
    body: { speaker_name?: string; voice_id?: string; languages?: string[] },
  ): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const n = speakerNumber(row, speakerId);
    const variant = body.voice_id ? variantOf(body.voice_id) : undefined;
    const langs = (body.languages?.length ? body.languages : row.targetLangs).map((l) =>
      this.a.target(row, l),
    );
    const have = row.speakers.some((s) => s.id === n)
      ? row.speakers
      : [...row.speakers, { id: n, voices: {} }];
    const speakers = have.map((s) =>
      s.id !== n
        ? s
        : {
            ...s,
            ...(body.speaker_name?.trim() && { name: body.speaker_name.trim() }),
            voices: variant
              ? { ...s.voices, ...Object.fromEntries(langs.map((l) => [l, chosenVoice(l, variant)])) }
              : s.voices,
          },
    );
    return this.a.save(row, { speakers });
  }

  /** Voices like the speaker's own: its fitted voice's gender first, the variant it has now at the top. */
  async similarVoices(caller: Principal, id: string, speakerId: string) {
    const row = await this.a.row(caller, id);
    const n = speakerNumber(row, speakerId);
    const own = Object.values(row.speakers.find((s) => s.id === n)?.voices ?? {})[0];
    const current = own?.voice.split('+')[1];
    const rank = (v: string) => (v === current ? 0 : ESPEAK_VARIANTS[v] === own?.gender ? 1 : 2);
    const ids = [...DUB_VOICE_IDS].sort((x, y) => rank(x) - rank(y));
    return {
      voices: ids.map((v) => ({
        voice_id: v,
        name: voiceName(v),
        category: 'premade' as const,
        description: `The built-in eSpeak-NG ${ESPEAK_VARIANTS[v]} voice ${v}, spoken in each target language.`,
        preview_url: null,
      })),
    };
  }

  /** Recognises the named segments (all when the list is empty) again from the source speech in their span. */
  async transcribe(caller: Principal, id: string, segmentIds: string[]): Promise<number> {
    const row = await this.a.row(caller, id, true);
    const chosen = chosenSegments(row, segmentIds);
    const lang = row.sourceLang ?? undefined;
    let engine;
    try {
      engine = this.stt.pick('scribe_v1', lang);
    } catch {
      throw new AppError(
        422,
        'unsupported_language',
        `No recogniser here understands the source language ${JSON.stringify(lang ?? 'auto')}.`,
      );
    }
    const media = await this.files.get(row.extraPaths.foreground ?? row.sourcePath);
    if (!media) throw new AppError(410, 'source_gone', 'The source media is gone.');
    const offset = row.options.startTime ?? 0;
    const texts = new Map<string, string>();
    for (const s of chosen) {
      const pcm = await decodeAudio(media, SOURCE_RATE, [
        '-ss',
        (offset + s.start).toFixed(3),
        '-t',
        (s.end - s.start).toFixed(3),
      ]);
      const voice = row.extraPaths.foreground ? pcm : isolateVoice(pcm);
      const heard = await transcribeAudio(engine, voice, lang, { diarize: false, numSpeakers: null });
      texts.set(s.id, heard.text.trim());
    }
    const segments = row.segments.map((s) => (texts.has(s.id) ? { ...s, text: texts.get(s.id)! } : s));
    return this.a.save(row, { segments });
  }
}
