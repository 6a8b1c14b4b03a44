import {
  ACCEPTED_AUDIO_TYPES,
  acceptedAudioType,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLES_PER_VOICE,
} from '@vocalis/domain/voices/voice-cloning';

/** The name limit of the server's visibleName(100). */
export const MAX_VOICE_NAME = 100;

/** What the file picker offers: the spec's accepted audio types, by extension and by MIME family. */
export const ACCEPT_ATTRIBUTE = ['audio/*', ...ACCEPTED_AUDIO_TYPES.map((t) => `.${t}`), '.aif'].join(',');

export type LabelRow = { key: string; value: string };

export type VoiceFormInput = {
  name: string;
  labels: LabelRow[];
  files: { name: string; type: string; size: number }[];
  /** Samples the voice has already (an edit adds to them). */
  existingSamples?: number;
  /** An edit may send no files; an add needs at least one. */
  mode: 'add' | 'edit';
};

/**
 * The client-side checks of the add and edit dialogs, mirroring the server's (name, sample count and
 * size, accepted types, labels) so a user hears at once what the server would refuse. The server still
 * decides: its messages are shown as they come.
 */
export function voiceFormProblems(input: VoiceFormInput): string[] {
  const problems: string[] = [];
  const name = input.name.trim();
  if (!name) problems.push('Give the voice a name.');
  else if (name.length > MAX_VOICE_NAME)
    problems.push(`The name may be at most ${MAX_VOICE_NAME} characters.`);
  if (input.mode === 'add' && input.files.length === 0)
    problems.push('Add at least one audio sample: upload a file or record one.');
  const total = (input.existingSamples ?? 0) + input.files.length;
  if (total > MAX_SAMPLES_PER_VOICE)
    problems.push(`A voice can have at most ${MAX_SAMPLES_PER_VOICE} samples; this would give it ${total}.`);
  for (const f of input.files) {
    if (!acceptedAudioType(f.name, f.type))
      problems.push(
        `${f.name} is not a supported audio file. Accepted types: ${ACCEPTED_AUDIO_TYPES.join(', ')}.`,
      );
    else if (f.size > MAX_SAMPLE_BYTES)
      problems.push(`${f.name} is larger than the ${MAX_SAMPLE_BYTES / 1024 / 1024} MB a sample may be.`);
  }
  const keys = input.labels.map((l) => l.key.trim()).filter(Boolean);
  if (input.labels.some((l) => !l.key.trim() && l.value.trim())) problems.push('Every label needs a name.');
  if (new Set(keys).size !== keys.length) problems.push('Each label name may be used once.');
  return problems;
}

/** Labels as the API takes them: a JSON object of the rows with a name (values trimmed). */
export function labelsObject(rows: LabelRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) if (key.trim()) out[key.trim()] = value.trim();
  return out;
}

/** A voice's labels as editable rows. */
export function labelRows(labels: Record<string, string> | null | undefined): LabelRow[] {
  return Object.entries(labels ?? {}).map(([key, value]) => ({ key, value }));
}

/** The file a browser recording is sent as: its container by MIME type, named for when it was made. */
export function recordingFile(blob: Blob, takenAt: Date): File {
  const type = blob.type.split(';')[0] || 'audio/webm';
  const ext = type.includes('ogg')
    ? 'ogg'
    : type.includes('mp4')
      ? 'm4a'
      : type.includes('wav')
        ? 'wav'
        : 'webm';
  const stamp = takenAt.toISOString().slice(0, 19).replace(/[T:]/g, '-');
  return new File([blob], `recording-${stamp}.${ext}`, { type });
}
