/**
 * Clips of a voiceover project (decisions 220-222): made by text to speech, speech to speech or sound
 * effects (charged by those services), moved, trimmed and set louder or softer on their track. A clip is
 * generated before it is kept, so a refused generation leaves nothing behind.
 */
import type { VoiceoverClipCreate, VoiceoverClipUpdate } from '@vocalis/contracts/voiceover';
import { MAX_CLIPS_PER_TRACK, clipTimingProblem } from '@vocalis/domain/voiceover/voiceover-rules';
import type { VoiceoverClip, VoiceoverTrack } from '../../db/schema/voiceover';
import { badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import { checkAudio } from '../speech-to-speech/sts-input';
import type { UploadedFile } from '../voices/voice-samples';
import type { ClipAudioMaker, ClipRequest } from './voiceover-clip-audio';
import { clipNotFound, trackNotFound, type VoiceoverStore } from './voiceover-store';
import { presentVoiceover } from './voiceover.presenter';
import type { VoiceoverRow } from './voiceover.repo';

type Where = {
  caller: Principal;
  projectId: string;
  trackId: string;
  requestId: string;
  signal: AbortSignal;
};

const trackOf = (row: VoiceoverRow, trackId: string): VoiceoverTrack => {
  const track = row.tracks.find((t) => t.id === trackId);
  if (!track) throw trackNotFound();
  return track;
};

const timing = (
  c: Pick<VoiceoverClip, 'start' | 'trimStart' | 'trimEnd' | 'audioSeconds'>,
  row: VoiceoverRow,
) => {
  const problem = clipTimingProblem(c, row.durationSeconds);
  if (problem) throw badRequest(problem, 'invalid_clip_timing');
};

export class VoiceoverClipsService {
  constructor(
    private readonly store: VoiceoverStore,
    private readonly files: FileStorage,
    private readonly audio: ClipAudioMaker,
  ) {}

  private roomFor(row: VoiceoverRow, trackId: string, start: number) {
    if (trackOf(row, trackId).clips.length >= MAX_CLIPS_PER_TRACK)
      throw badRequest(`A track holds at most ${MAX_CLIPS_PER_TRACK} clips.`, 'too_many_clips');
    if (start >= row.durationSeconds) timing({ start, trimStart: 0, trimEnd: 1, audioSeconds: 1 }, row);
  }

  /** A text-to-speech or sound-effect clip. */
  add(w: Where, b: VoiceoverClipCreate) {
    const req: ClipRequest =
      b.kind === 'tts'
        ? { kind: 'tts', text: b.text, voiceId: b.voice_id, modelId: b.model_id }
        : { kind: 'sfx', text: b.text, durationSeconds: b.duration_seconds };
    return this.keep(w, req, { start: b.start_time, volume: b.volume });
  }

  /** A speech-to-speech clip: the uploaded speech in the chosen voice (the upload is kept to generate again). */
  async addSpeech(w: Where, b: { audio: UploadedFile; voiceId: string; start: number; volume: number }) {
    checkAudio(b.audio, false);
    return this.keep(w, { kind: 'sts', voiceId: b.voiceId, source: b.audio }, b);
  }

  private async keep(w: Where, req: ClipRequest, at: { start: number; volume: number }) {
    this.roomFor(await this.store.get(w.caller, w.projectId), w.trackId, at.start);
    const made = await this.audio.make(w.caller, w.requestId, req, w.signal);
    const ws = await this.store.workspaceId(w.caller);
    const id = newId();
    const dir = `voiceover/${ws}/${w.projectId}/clips/${id}`;
    const audioPath = `${dir}/${newId()}.mp3`;
    const sourcePath =
      req.kind === 'sts'
        ? `${dir}/source.${/\.([a-z0-9]{1,5})$/i.exec(req.source.filename)?.[1] ?? 'wav'}`
        : null;
    const written = [audioPath, ...(sourcePath ? [sourcePath] : [])];
    await this.files.put(audioPath, made.mp3);
    if (sourcePath && req.kind === 'sts') await this.files.put(sourcePath, req.source.data);
    const clip: VoiceoverClip = {
      id,
      kind: req.kind,
      text: req.kind === 'sts' ? '' : req.text,
      voiceId: req.kind === 'sfx' ? null : req.voiceId,
      sourcePath,
      audioPath,
      audioSeconds: made.seconds,
      start: at.start,
      trimStart: 0,
      trimEnd: made.seconds,
      volume: at.volume,
      charged: made.charged,
      stale: false,
    };
    try {
      const row = await this.store.change(w.caller, w.projectId, (r) => {
        this.roomFor(r, w.trackId, at.start);
        return {
          tracks: r.tracks.map((t) => (t.id === w.trackId ? { ...t, clips: [...t.clips, clip] } : t)),
        };
      });
      return presentVoiceover(row);
    } catch (err) {
      await Promise.all(written.map((p) => this.files.delete(p))).catch(() => undefined);
      throw err;
    }
  }

  /** Moves, trims, sets the volume; a new text or voice marks the clip to be generated again. */
  async update(w: Omit<Where, 'requestId' | 'signal'>, clipId: string, b: VoiceoverClipUpdate) {
    const row = await this.store.change(w.caller, w.projectId, (r) => {
      const from = trackOf(r, w.trackId);
      const clip = from.clips.find((c) => c.id === clipId);
      if (!clip) throw clipNotFound();
      const to = b.track_id ? trackOf(r, b.track_id) : from;
      if (to !== from && to.clips.length >= MAX_CLIPS_PER_TRACK)
        throw badRequest(`A track holds at most ${MAX_CLIPS_PER_TRACK} clips.`, 'too_many_clips');
      if (b.text !== undefined && clip.kind === 'sts')
        throw badRequest(
          'A speech-to-speech clip has no text: upload new speech instead.',
          'invalid_clip_change',
        );
      if (b.voice_id !== undefined && clip.kind === 'sfx')
        throw badRequest('A sound-effect clip has no voice.', 'invalid_clip_change');
      const next: VoiceoverClip = {
        ...clip,
        start: b.start_time ?? clip.start,
        trimStart: b.trim_start ?? clip.trimStart,
        trimEnd: b.trim_end ?? clip.trimEnd,
        volume: b.volume ?? clip.volume,
        text: b.text ?? clip.text,
        voiceId: b.voice_id ?? clip.voiceId,
      };
      next.stale = clip.stale || next.text !== clip.text || next.voiceId !== clip.voiceId;
      timing(next, r);
      return {
        tracks: r.tracks.map((t) => {
          const kept = t.id === from.id ? t.clips.filter((c) => c.id !== clipId) : t.clips;
          return t.id === to.id
            ? {
                ...t,
                clips: t.id === from.id ? t.clips.map((c) => (c.id === clipId ? next : c)) : [...kept, next],
              }
            : { ...t, clips: kept };
        }),
      };
    });
    return presentVoiceover(row);
  }

  /** Generates the clip again from its text, voice or uploaded speech (charged again); the trim resets. */
  async regenerate(w: Where, clipId: string) {
    const before = await this.store.get(w.caller, w.projectId);
    const clip = trackOf(before, w.trackId).clips.find((c) => c.id === clipId);
    if (!clip) throw clipNotFound();
    let req: ClipRequest;
    if (clip.kind === 'sts') {
      const data = clip.sourcePath ? await this.files.get(clip.sourcePath) : null;
      if (!data) throw badRequest('The uploaded speech is gone from storage.', 'source_missing');
      req = {
        kind: 'sts',
        voiceId: clip.voiceId!,
        source: {
          filename: clip.sourcePath!.split('/').pop()!,
          mimetype: 'application/octet-stream',
          data: Buffer.from(data),
          truncated: false,
        },
      };
    } else
      req =
        clip.kind === 'tts'
          ? { kind: 'tts', text: clip.text, voiceId: clip.voiceId! }
          : { kind: 'sfx', text: clip.text };
    const made = await this.audio.make(w.caller, w.requestId, req, w.signal);
    const audioPath = `voiceover/${before.workspaceId}/${before.id}/clips/${clip.id}/${newId()}.mp3`;
    await this.files.put(audioPath, made.mp3);
    let old: string | undefined;
    try {
      const row = await this.store.change(w.caller, w.projectId, (r) => {
        const now = trackOf(r, w.trackId).clips.find((c) => c.id === clipId);
        if (!now) throw clipNotFound();
        old = now.audioPath;
        const next = {
          ...now,
          audioPath,
          audioSeconds: made.seconds,
          trimStart: 0,
          trimEnd: made.seconds,
          charged: made.charged,
          stale: false,
        };
        return {
          tracks: r.tracks.map((t) => ({ ...t, clips: t.clips.map((c) => (c.id === clipId ? next : c)) })),
        };
      });
      if (old) await this.files.delete(old).catch(() => undefined);
      return presentVoiceover(row);
    } catch (err) {
      await this.files.delete(audioPath).catch(() => undefined);
      throw err;
    }
  }

  async remove(w: Omit<Where, 'requestId' | 'signal'>, clipId: string) {
    let gone: string[] = [];
    const row = await this.store.change(w.caller, w.projectId, (r) => {
      const clip = trackOf(r, w.trackId).clips.find((c) => c.id === clipId);
      if (!clip) throw clipNotFound();
      gone = [clip.audioPath, clip.sourcePath].filter((p): p is string => !!p);
      return { tracks: r.tracks.map((t) => ({ ...t, clips: t.clips.filter((c) => c.id !== clipId) })) };
    });
    await Promise.all(gone.map((p) => this.files.delete(p))).catch(() => undefined);
    return presentVoiceover(row);
  }

  /** The clip's generated audio (mp3). */
  async clipAudio(
    caller: Principal,
    projectId: string,
    clipId: string,
  ): Promise<StoredFile & { contentType: string }> {
    const row = await this.store.get(caller, projectId);
    const clip = row.tracks.flatMap((t) => t.clips).find((c) => c.id === clipId);
    if (!clip) throw clipNotFound();
    const file = await this.files.open(clip.audioPath);
    if (!file) throw clipNotFound();
    return { ...file, contentType: 'audio/mpeg' };
  }
}
