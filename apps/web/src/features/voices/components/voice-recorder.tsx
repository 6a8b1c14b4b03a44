import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

import { recordingFile } from '../lib/voice-form';

type Take = { file: File; url: string; seconds: number };

const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** The first container this browser's MediaRecorder can write (Chromium: webm/opus; Safari: mp4). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/**
 * Records a sample in the browser (MediaRecorder): record, stop, play it back, record again, or keep it.
 * A kept take is handed over as a file, like an upload.
 */
export function VoiceRecorder({ onKeep, disabled }: { onKeep: (file: File) => void; disabled?: boolean }) {
  const [state, setState] = useState<'idle' | 'recording' | 'recorded'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const started = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = () => {
    if (timer.current) clearInterval(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  };
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );
  useEffect(() => () => (take ? URL.revokeObjectURL(take.url) : undefined), [take]);

  const supported =
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia &&
    recorderType() !== undefined;

  const start = async () => {
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(
        'The microphone is not available. Allow access to it in the browser, or upload a file instead.',
      );
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream.current, { mimeType: recorderType() });
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      release();
      const seconds = (performance.now() - started.current) / 1000;
      const blob = new Blob(chunks, { type: rec.mimeType });
      setTake({ file: recordingFile(blob, new Date()), url: URL.createObjectURL(blob), seconds });
      setState('recorded');
    };
    recorder.current = rec;
    started.current = performance.now();
    setElapsed(0);
    timer.current = setInterval(() => setElapsed((performance.now() - started.current) / 1000), 250);
    rec.start(250);
    setState('recording');
  };

  const stop = () => recorder.current?.state === 'recording' && recorder.current.stop();
  const again = () => {
    setTake(null);
    void start();
  };

  if (!supported)
    return (
      <p className="text-sm text-zinc-500">This browser cannot record audio here; upload a file instead.</p>
    );

  return (
    <div
      className="space-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
      aria-label="Record a sample"
      role="group"
    >
      <div className="flex flex-wrap items-center gap-2">
        {state === 'idle' ? (
          <Button variant="secondary" size="sm" onClick={() => void start()} disabled={disabled}>
            <span className="size-2.5 rounded-full bg-rose-500" aria-hidden /> Record
          </Button>
        ) : null}
        {state === 'recording' ? (
          <>
            <Button variant="danger" size="sm" onClick={stop}>
              Stop
            </Button>
            <span
              className="flex items-center gap-2 text-sm text-rose-600 tabular-nums"
              data-testid="recording-time"
            >
              <span className="size-2 animate-pulse rounded-full bg-rose-500" aria-hidden /> Recording{' '}
              {fmt(elapsed)}
            </span>
          </>
        ) : null}
        {state === 'recorded' && take ? (
          <>
            <audio
              src={take.url}
              controls
              className="h-9 max-w-full min-w-0 flex-1"
              aria-label="Recorded sample"
            />
            <span className="text-sm text-zinc-500 tabular-nums" data-testid="recording-duration">
              {fmt(take.seconds)}
            </span>
            <Button variant="ghost" size="sm" onClick={again}>
              Re-record
            </Button>
            <Button
              size="sm"
              onClick={() => {
                onKeep(take.file);
                setTake(null);
                setState('idle');
              }}
            >
              Use recording
            </Button>
          </>
        ) : null}
      </div>
      {state === 'idle' ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Read a few sentences aloud in a quiet room; a minute or more of speech gives the best fit.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
