import type { VoiceoverProjectDto } from '@vocalis/contracts/voiceover';
import { useEffect, useRef, useState } from 'react';

import { getClipAudio } from '../api/voiceover-api';

/** The decoded audio of each clip, by clip id and generation (a new generation decodes again). */
const keyOf = (c: { clip_id: string; audio_seconds: number; charged: number }) =>
  `${c.clip_id}:${c.audio_seconds}:${c.charged}`;

/**
 * Plays the clips with the video (decision 224): on play, every clip of every unmuted track is scheduled in
 * Web Audio at its start, with its trim and volume (times its track's), from where the video is; pause, seek
 * and the end stop them, and a seek while playing schedules them again. The video's own sound plays at its
 * volume (at most 1 in the browser). Answers how many clips are scheduled now.
 */
export function useSyncedPreview(video: HTMLVideoElement | null, project: VoiceoverProjectDto): number {
  const ctx = useRef<AudioContext | null>(null);
  const buffers = useRef(new Map<string, AudioBuffer>());
  const playing = useRef<AudioBufferSourceNode[]>([]);
  const [scheduled, setScheduled] = useState(0);

  // Decode the clips' audio once per generation.
  useEffect(() => {
    let live = true;
    ctx.current ??= new AudioContext();
    const audio = ctx.current;
    for (const t of project.tracks)
      for (const c of t.clips) {
        const key = keyOf(c);
        if (buffers.current.has(key)) continue;
        void getClipAudio(project.project_id, t.track_id, c.clip_id)
          .then((b) => b.arrayBuffer())
          .then((bytes) => audio.decodeAudioData(bytes))
          .then((buffer) => live && buffers.current.set(key, buffer))
          .catch(() => undefined);
      }
    return () => {
      live = false;
    };
  }, [project]);

  useEffect(() => {
    if (!video) return;
    video.volume = Math.min(1, project.video_volume);
    const stop = () => {
      for (const s of playing.current) {
        try {
          s.stop();
        } catch {
          // never started
        }
      }
      playing.current = [];
      setScheduled(0);
    };
    const start = () => {
      stop();
      const audio = (ctx.current ??= new AudioContext());
      void audio.resume();
      const now = video.currentTime;
      for (const t of project.tracks) {
        if (t.muted) continue;
        for (const c of t.clips) {
          const buffer = buffers.current.get(keyOf(c));
          const length = c.trim_end - c.trim_start;
          const into = Math.max(0, now - c.start_time);
          if (!buffer || into >= length) continue;
          const source = audio.createBufferSource();
          source.buffer = buffer;
          const gain = audio.createGain();
          gain.gain.value = c.volume * t.volume;
          source.connect(gain).connect(audio.destination);
          source.start(
            audio.currentTime + Math.max(0, c.start_time - now),
            c.trim_start + into,
            length - into,
          );
          playing.current.push(source);
        }
      }
      setScheduled(playing.current.length);
    };
    const onSeeked = () => {
      if (!video.paused) start();
    };
    video.addEventListener('play', start);
    video.addEventListener('pause', stop);
    video.addEventListener('ended', stop);
    video.addEventListener('seeking', stop);
    video.addEventListener('seeked', onSeeked);
    // A change while playing (a clip moved, a volume set) is heard at once.
    if (!video.paused) start();
    return () => {
      video.removeEventListener('play', start);
      video.removeEventListener('pause', stop);
      video.removeEventListener('ended', stop);
      video.removeEventListener('seeking', stop);
      video.removeEventListener('seeked', onSeeked);
      stop();
    };
  }, [video, project]);

  useEffect(() => () => void ctx.current?.close(), []);
  return scheduled;
}
