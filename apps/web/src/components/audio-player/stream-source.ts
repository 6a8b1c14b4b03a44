/**
 * Plays an audio response body while it downloads.
 *
 * With MediaSource and 'audio/mpeg' support (Chromium, Edge, Firefox), chunks are appended to a
 * SourceBuffer as they arrive, so playback starts after the first sentence. Where MediaSource is
 * missing or cannot take MPEG audio (Safari on iPhone has no MediaSource; jsdom), every chunk is
 * collected first and the player gets one Blob URL: correct, only later. Either way every chunk is kept,
 * so the caller can decode the waveform and save the file without a second request (§4: "the audio is
 * saved ... from collected stream chunks").
 */

export const STREAM_MIME = 'audio/mpeg';

export function canStreamMpeg(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(STREAM_MIME);
}

export type StreamHandle = {
  /** What to give the audio element's src at once. */
  url: string;
  /** Resolves with every byte once the body ended (and the media source, if any, was closed). */
  done: Promise<Blob>;
  /** Revokes the object URLs. */
  dispose: () => void;
};

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onChunk: (chunk: Uint8Array) => Promise<void> | void,
): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    if (value && value.byteLength > 0) {
      chunks.push(value);
      await onChunk(value);
    }
  }
}

function appendTo(buffer: SourceBuffer, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEnd = () => {
      buffer.removeEventListener('updateend', onEnd);
      buffer.removeEventListener('error', onError);
      resolve();
    };
    const onError = () => {
      buffer.removeEventListener('updateend', onEnd);
      buffer.removeEventListener('error', onError);
      reject(new Error('Could not append audio'));
    };
    buffer.addEventListener('updateend', onEnd);
    buffer.addEventListener('error', onError);
    buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
  });
}

/** Streams `body` through MediaSource when possible; see the file comment for the fallback. */
export function streamToAudio(body: ReadableStream<Uint8Array>): StreamHandle {
  const reader = body.getReader();
  const urls: string[] = [];
  const dispose = () => urls.forEach((u) => URL.revokeObjectURL(u));

  if (!canStreamMpeg()) {
    // Fallback: the URL is only known at the end, so `url` is a placeholder the caller replaces.
    const done = readAll(reader, () => undefined).then((chunks) => {
      const blob = new Blob(chunks as BlobPart[], { type: STREAM_MIME });
      return blob;
    });
    return { url: '', done, dispose };
  }

  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  urls.push(url);
  const done = new Promise<Blob>((resolve, reject) => {
    source.addEventListener(
      'sourceopen',
      () => {
        const buffer = source.addSourceBuffer(STREAM_MIME);
        readAll(reader, async (chunk) => {
          // "chunks arriving while the media source is not open are skipped with a warning" (§8).
          if (source.readyState !== 'open') {
            console.warn('Media source is not open; skipping an audio chunk');
            return;
          }
          await appendTo(buffer, chunk);
        })
          .then((chunks) => {
            if (source.readyState === 'open') source.endOfStream();
            resolve(new Blob(chunks as BlobPart[], { type: STREAM_MIME }));
          })
          .catch(reject);
      },
      { once: true },
    );
  });
  return { url, done, dispose };
}
