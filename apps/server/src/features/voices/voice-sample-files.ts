/**
 * Where a voice's sample audio lives in file storage: the upload as it came and the processed 16 kHz
 * WAV, `voices/<workspace>/<voice>/<sample>.original.<type>` and `.16k.wav`. Instant and professional
 * cloning store and remove samples the same way through these.
 */
import { newId } from '../../lib/ids';
import type { FileStorage } from '../../storage/file-storage';
import type * as repo from './custom-voices.repo';
import type { PreparedSample } from './voice-samples';

/** Deletes stored files, ignoring ones already gone. */
export async function removeSampleFiles(files: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => files.delete(k).catch(() => undefined)));
}

/**
 * Stores each prepared sample's original and processed audio and returns the rows to insert and the
 * keys written (for the caller to remove should its transaction fail). On a storage failure, what was
 * written is removed before the error goes on.
 */
export async function storeSampleFiles(
  files: FileStorage,
  at: { workspaceId: string; voiceId: string },
  samples: PreparedSample[],
  removeNoise: boolean,
): Promise<{ keys: string[]; rows: repo.NewVoiceSample[] }> {
  const keys: string[] = [];
  const rows: repo.NewVoiceSample[] = [];
  try {
    for (const s of samples) {
      const id = newId();
      const base = `voices/${at.workspaceId}/${at.voiceId}/${id}`;
      // Distinct names: an uploaded WAV must not share its key with the processed one.
      const originalPath = `${base}.original.${s.type}`;
      const processedPath = `${base}.16k.wav`;
      await files.put(originalPath, s.file.data);
      keys.push(originalPath);
      await files.put(processedPath, s.wav);
      keys.push(processedPath);
      rows.push({
        id,
        voiceId: at.voiceId,
        workspaceId: at.workspaceId,
        fileName: s.file.filename,
        mimeType: s.file.mimetype,
        sizeBytes: s.file.data.byteLength,
        hash: s.hash,
        durationSeconds: s.durationSeconds,
        originalPath,
        processedPath,
        removeBackgroundNoise: removeNoise,
      });
    }
  } catch (error) {
    await removeSampleFiles(files, keys);
    throw error;
  }
  return { keys, rows };
}
