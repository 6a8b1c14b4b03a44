import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

/** The first container this browser's MediaRecorder can write (Chromium: webm/opus; Safari: mp4). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/** Records the captcha reading with MediaRecorder and hands it over as a file. */
export function CaptchaRecorder({
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
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stream.current?.getTracks().forEach((t) => t.stop());
    },
    [],
  );
  const type = recorderType();
  if (!type)
    return <p className="text-sm text-zinc-500">This browser cannot record; upload a recording instead.</p>;
  const start = async () => {
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('The microphone is not available; allow it, or upload a recording.');
      return;
    }
    const chunks: Blob[] = [];
    const r = new MediaRecorder(stream.current, { mimeType: type });
    r.ondataavailable = (e) => chunks.push(e.data);
    r.onstop = () => {
      stream.current?.getTracks().forEach((t) => t.stop());
      const ext = type.includes('mp4') ? 'mp4' : type.includes('ogg') ? 'ogg' : 'webm';
      onRecorded(new File(chunks, `captcha.${ext}`, { type: type.split(';')[0] }));
    };
    r.start();
    recorder.current = r;
    setRecording(true);
  };
  return (
    <div className="flex items-center gap-3">
      {recording ? (
        <Button
          variant="danger"
          onClick={() => {
            recorder.current?.stop();
            setRecording(false);
          }}
        >
          Stop and send
        </Button>
      ) : (
        <Button variant="secondary" disabled={disabled} onClick={() => void start()}>
          Record
        </Button>
      )}
      {recording ? <span className="text-sm text-red-600">Recording…</span> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
