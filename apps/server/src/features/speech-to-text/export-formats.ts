/**
 * additional_formats of a speech-to-text request: parsed and checked before any work (docx and pdf refused,
 * decision 091), then written from the transcript's words with the pure writers of packages/domain.
 */
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  REFUSED_EXPORT_FORMATS,
  type ExportFormat,
} from '@vocalis/domain/transcripts/speech-to-text-rules';
import {
  segmentWords,
  toSegmentedJson,
  toSrt,
  toTxt,
  type TimedWord,
} from '@vocalis/domain/transcripts/transcript-formats';
import { badRequest } from '../../errors';

const option = z.looseObject({
  format: z.string(),
  include_speakers: z.boolean().optional(),
  include_timestamps: z.boolean().optional(),
  segment_on_silence_longer_than_s: z.number().positive().optional(),
  max_segment_duration_s: z.number().positive().optional(),
  max_segment_chars: z.number().int().positive().optional(),
  max_characters_per_line: z.number().int().positive().optional(),
});
export type ExportRequest = z.infer<typeof option> & { format: ExportFormat };

/** The requested formats, checked; a 400 names a format we cannot make. */
export function parseAdditionalFormats(raw: string | undefined): ExportRequest[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(
      'additional_formats must be a JSON list like [{"format":"srt"}].',
      'invalid_additional_formats',
    );
  }
  // The SDK sends its camelCase option names as they are (includeSpeakers): read both spellings.
  const snake = Array.isArray(parsed)
    ? parsed.map((o: unknown) =>
        o && typeof o === 'object'
          ? Object.fromEntries(
              Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
            )
          : o,
      )
    : parsed;
  const list = z.array(option).max(10).safeParse(snake);
  if (!list.success)
    throw badRequest(
      'additional_formats must be a JSON list like [{"format":"srt"}].',
      'invalid_additional_formats',
    );
  for (const f of list.data) {
    if ((REFUSED_EXPORT_FORMATS as readonly string[]).includes(f.format))
      throw badRequest(
        `additional_formats: ${f.format} is not offered by this server (it has no ${f.format} writer); ` +
          `ask for ${EXPORT_FORMATS.join(', ')}.`,
        'unsupported_export_format',
      );
    if (!(EXPORT_FORMATS as readonly string[]).includes(f.format))
      throw badRequest(
        `additional_formats: unknown format ${JSON.stringify(f.format)}; use ${EXPORT_FORMATS.join(', ')}.`,
        'invalid_additional_formats',
      );
  }
  return list.data as ExportRequest[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const TYPES: Record<ExportFormat, [string, string]> = {
  srt: ['srt', 'application/x-subrip'],
  txt: ['txt', 'text/plain'],
  segmented_json: ['json', 'application/json'],
  html: ['html', 'text/html'],
};

/** One additional format as the SDK's AdditionalFormatResponseModel. */
export function writeFormat(f: ExportRequest, words: TimedWord[]) {
  const segments = segmentWords(words, {
    segmentOnSilenceLongerThanS: f.segment_on_silence_longer_than_s,
    maxSegmentDurationS: f.max_segment_duration_s,
    maxSegmentChars: f.max_segment_chars,
  });
  const speakers = f.include_speakers ?? false;
  const content =
    f.format === 'srt'
      ? toSrt(segments, speakers)
      : f.format === 'txt'
        ? toTxt(segments, { includeSpeakers: speakers, includeTimestamps: f.include_timestamps ?? false })
        : f.format === 'segmented_json'
          ? toSegmentedJson(segments, f.include_speakers ?? true)
          : `<!doctype html><meta charset="utf-8"><title>Transcript</title>\n${segments
              .map(
                (s) =>
                  `<p>${speakers && s.speaker_id ? `<b>${s.speaker_id}:</b> ` : ''}${escapeHtml(s.text)}</p>`,
              )
              .join('\n')}\n`;
  const [ext, type] = TYPES[f.format];
  return {
    requested_format: f.format,
    file_extension: ext,
    content_type: type,
    is_base64_encoded: false,
    content,
  };
}
