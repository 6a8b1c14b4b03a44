import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) =>
    MediaRecorder.isTypeSupported(t),
  );
}

/** Records from the microphone (MediaRecorder) and hands the take over as a file. */
export function Recorder({ onRecorded, disabled }: { onRecorded: (file: File) => void; disabled?: boolean }) {
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rec = useRef<MediaRecorder | null>(null);
  useEffect(() => () => rec.current?.stream.getTracks().forEach((t) => t.stop()), []);
  const supported =
    typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && !!recorderType();
  if (!supported) return null;

  const start = async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('The microphone is not available. Allow access to it, or upload a file instead.');
      return;
    }
    const chunks: Blob[] = [];
    const r = new MediaRecorder(stream, { mimeType: recorderType() });
    r.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    r.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const blob = new Blob(chunks, { type: r.mimeType });
      const ext = r.mimeType.includes('mp4') ? 'mp4' : r.mimeType.includes('ogg') ? 'ogg' : 'webm';
      onRecorded(
        new File([blob], `recording-${new Date().toISOString().slice(0, 19)}.${ext}`, { type: r.mimeType }),
      );
      setRecording(false);
    };
    rec.current = r;
    r.start(250);
    setRecording(true);
  };

  return (
    <div className="flex items-center gap-2">
      {recording ? (
        <Button variant="danger" size="sm" onClick={() => rec.current?.stop()}>
          Stop recording
        </Button>
      ) : (
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => void start()}>
          Record
        </Button>
      )}
      {error && <p className="text-sm text-rose-600">{error}</p>}
    </div>
  );
}
