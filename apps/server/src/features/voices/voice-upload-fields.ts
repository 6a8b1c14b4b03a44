/** The fields of a voice add or edit (multipart), checked: name, description, labels, files. */
import type { voiceUploadFields } from '@vocalis/contracts/voices';
import { voiceLabelsInput } from '@vocalis/contracts/voices';
import { visibleName } from '@vocalis/contracts/visible-name';
import type { z } from 'zod';
import { badRequest } from '../../errors';
import type { UploadedFile } from './voice-samples';

export type VoiceUploadFields = z.infer<typeof voiceUploadFields>;

/** The text fields of an add or edit, checked: a visible name, a description, labels as a JSON object. */
export function parseFields(fields: VoiceUploadFields) {
  const name = visibleName(100).safeParse(fields.name);
  if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Invalid name.', 'invalid_name');
  let labels: Record<string, string> | undefined;
  if (fields.labels !== undefined && fields.labels !== '') {
    let raw: unknown;
    try {
      raw = JSON.parse(fields.labels);
    } catch {
      throw badRequest(
        'labels must be a JSON object of strings, like {"accent":"british"}.',
        'invalid_labels',
      );
    }
    const parsed = voiceLabelsInput.safeParse(raw);
    if (!parsed.success)
      throw badRequest(
        'labels must be a JSON object of strings, like {"accent":"british"}.',
        'invalid_labels',
      );
    labels = parsed.data;
  }
  return {
    name: name.data,
    description: fields.description,
    labels,
    removeNoise: fields.remove_background_noise ?? false,
  };
}

/** Uploaded files as a list (the parser gives one object for a single file). */
export function uploadsOf(files: unknown): UploadedFile[] {
  if (files === undefined || files === null || files === '') return [];
  const list: unknown[] = Array.isArray(files) ? files : [files];
  const isUpload = (f: unknown): f is UploadedFile =>
    typeof f === 'object' && f !== null && Buffer.isBuffer((f as UploadedFile).data);
  if (!list.every(isUpload))
    throw badRequest(
      'files must be audio files sent as multipart/form-data parts named files.',
      'invalid_files',
    );
  return list;
}
