/** A dub's subtitles: of the source (`source`) or of a dubbed language, at the times its speech landed. */
import type { DubbingTranscriptJson } from '@vocalis/contracts/dubbing';
import { dubbingLanguage } from '@vocalis/domain/dubbing/dubbing-languages';
import { toSrt, toWebVtt } from '@vocalis/domain/dubbing/subtitles';
import { AppError, notFound } from '../../errors';
import { placedAt } from './dubbing-resource.presenter';
import type { DubRow } from './dubbing.repo';

export function dubTranscript(
  row: DubRow,
  language: string,
  format: 'srt' | 'webvtt' | 'json',
): string | DubbingTranscriptJson {
  const code = language === 'source' ? 'source' : (dubbingLanguage(language) ?? language);
  if (code !== 'source' && !row.targetLangs.includes(code))
    throw notFound(`The dub has no transcript in ${JSON.stringify(language)}.`, 'language_not_found');
  if (row.status === 'dubbing')
    throw new AppError(425, 'dubbing_in_progress', 'The dub is still being made.');
  const cues = row.segments.map((s, i) => {
    const placed = code === 'source' ? undefined : placedAt(row, code, i);
    return {
      start: placed?.start ?? s.start,
      end: placed?.end ?? s.end,
      text: code === 'source' ? s.text : (s.translations[code] ?? ''),
      speaker: `speaker_${s.speaker}`,
    };
  });
  if (format === 'json')
    return {
      language: code === 'source' ? (row.sourceLang ?? 'auto') : code,
      utterances: cues.map((c) => ({ text: c.text, speaker_id: c.speaker, start_s: c.start, end_s: c.end })),
    };
  return format === 'srt' ? toSrt(cues) : toWebVtt(cues);
}
