/**
 * Base-voice measures shared between processes through one JSON file, named by the
 * VOCALIS_VOICE_BASELINES environment variable (the test runs set it, so each suite does not speak
 * and measure the same calibration text again). Unset, nothing is read or written and each process
 * measures its base voices once. Engines are deterministic, so a stored measure equals a new one as long
 * as the file lives no longer than the engines and the measure (a test run's temporary file).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { VoiceMeasure } from './measure';

type Stored = Record<string, VoiceMeasure>;

function fileOf(): string | undefined {
  return process.env.VOCALIS_VOICE_BASELINES || undefined;
}

function readAll(file: string): Stored {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Stored;
  } catch {
    return {};
  }
}

/** The stored measure of a base voice, if the file has it. */
export function storedBaseline(key: string): VoiceMeasure | undefined {
  const file = fileOf();
  return file ? readAll(file)[key] : undefined;
}

/** Adds a measure to the file (written whole to a temporary name, then renamed, so readers never see half). */
export function storeBaseline(key: string, measure: VoiceMeasure): void {
  const file = fileOf();
  if (!file) return;
  const all = { ...readAll(file), [key]: measure };
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(all));
    renameSync(tmp, file);
  } catch {
    // A store that cannot be written only costs a later process its own calibration.
  }
}
