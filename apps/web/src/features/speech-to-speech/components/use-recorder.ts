import { useCallback, useEffect, useRef, useState } from 'react';

export type Recording = { blob: Blob; fileName: string };

/** Records from the microphone with MediaRecorder; `supported` is false where the browser has none. */
export function useRecorder(onDone: (r: Recording) => void) {
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const supported = typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices;

  const start = useCallback(async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('The microphone is not available: allow it in the browser, or upload a file.');
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    recorder.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      setRecording(false);
      const type = recorder.mimeType || 'audio/webm';
      const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
      onDone({ blob: new Blob(chunks, { type }), fileName: `recording.${ext}` });
    };
    recorderRef.current = recorder;
    recorder.start();
    setRecording(true);
  }, [onDone]);

  const stop = useCallback(() => recorderRef.current?.stop(), []);
  useEffect(() => () => recorderRef.current?.stream.getTracks().forEach((t) => t.stop()), []);
  return { supported, recording, error, start, stop };
}
