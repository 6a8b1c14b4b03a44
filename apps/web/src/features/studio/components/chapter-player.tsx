import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorToastMessage } from '@/lib/error-toast';

import { chapterSnapshotAudio, useChapterSnapshots } from '../api/chapters';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** Plays the chapter's snapshots (the newest first; older ones stay playable) with a progress bar. */
export function ChapterPlayer({ projectId, chapterId }: { projectId: string; chapterId: string }) {
  const snapshots = useChapterSnapshots(projectId, chapterId);
  const audio = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [at, setAt] = useState({ t: 0, d: 0 });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const play = async (id: string) => {
    setError(null);
    try {
      const blob = await chapterSnapshotAudio(projectId, chapterId, id);
      setUrl(URL.createObjectURL(blob));
      setPlaying(id);
    } catch (e) {
      setError(errorToastMessage(e));
    }
  };
  useEffect(() => {
    if (url) void audio.current?.play().catch(() => undefined);
  }, [url]);

  const list = snapshots.data?.snapshots ?? [];
  if (!list.length) return <p className="text-sm text-zinc-500">Convert the chapter to listen to it.</p>;
  return (
    <section aria-label="Player" className="space-y-2">
      <ul className="space-y-1">
        {list.map((s, i) => (
          <li key={s.chapter_snapshot_id} className="flex items-center gap-2 text-sm">
            <Button size="sm" variant={i === 0 ? 'primary' : 'secondary'} onClick={() => void play(s.chapter_snapshot_id)} aria-label={`Play ${i === 0 ? 'latest' : 'earlier'} version ${s.name}`}>
              ▶ Play
            </Button>
            <span className="text-zinc-700 dark:text-zinc-300">{i === 0 ? 'Latest' : 'Earlier'}</span>
            <span className="text-xs text-zinc-500">
              {new Date(s.created_at_unix * 1000).toLocaleString()} · {clock(s.audio_duration_secs)}
            </span>
          </li>
        ))}
      </ul>
      {url && (
        <div className="space-y-1">
          <audio
            ref={audio}
            src={url}
            data-snapshot={playing ?? ''}
            onTimeUpdate={(e) => setAt({ t: e.currentTarget.currentTime, d: e.currentTarget.duration || 0 })}
            onLoadedMetadata={(e) => setAt({ t: 0, d: e.currentTarget.duration || 0 })}
            controls
            className="w-full"
          />
          <div className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" role="progressbar" aria-label="Playback" aria-valuemin={0} aria-valuemax={100} aria-valuenow={at.d ? Math.round((at.t / at.d) * 100) : 0}>
            <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${at.d ? (at.t / at.d) * 100 : 0}%` }} />
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </section>
  );
}
