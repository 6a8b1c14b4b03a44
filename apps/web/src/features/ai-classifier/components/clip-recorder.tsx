import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

/** The first container this browser's MediaRecorder can write (Chromium: webm/opus; Safari: mp4). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/** Records a clip with the microphone and hands it over as a file when stopped. */
export function ClipRecorder({
  onRecorded,
  disabled,
}: {
  onRecorded: (file: File) => void;
  disabled?: boolean;
}) {
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const release = () => {
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
  const type = recorderType();
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || !type)
    return (
      <p className="text-sm text-zinc-500">This browser cannot record audio here; upload a file instead.</p>
    );

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
    const rec = new MediaRecorder(stream.current, { mimeType: type });
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      release();
      setRecording(false);
      const ext = rec.mimeType.includes('mp4') ? 'm4a' : rec.mimeType.includes('ogg') ? 'ogg' : 'webm';
      onRecorded(new File(chunks, `recording.${ext}`, { type: rec.mimeType.split(';')[0] }));
    };
    recorder.current = rec;
    rec.start(250);
    setRecording(true);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {recording ? (
        <Button variant="danger" size="sm" onClick={() => recorder.current?.stop()}>
          Stop and check
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void start()} disabled={disabled}>
          <span className="size-2.5 rounded-full bg-rose-500" aria-hidden /> Record
        </Button>
      )}
      {recording ? (
        <span className="flex items-center gap-2 text-sm text-rose-600">
          <span className="size-2 animate-pulse rounded-full bg-rose-500" aria-hidden /> Recording…
        </span>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
