import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';
import { contentTypeOf } from './dubbing.presenter';
import type { DubRow } from './dubbing.repo';
import { isStale } from './dub-clips';

/** Where segment `i` landed in a language's last render (by id; renders before decision 180 by order). */
export function placedAt(row: DubRow, lang: string, i: number) {
  const placed = row.outputs[lang]?.placed;
  if (!placed) return undefined;
  const id = row.segments[i]!.id;
  return placed.some((p) => p.id) ? placed.find((p) => p.id === id) : placed[i];
}

const frame = (start: number, end: number, text: string) => ({
  start_time: start,
  end_time: end,
  lines: text ? [text] : [],
});

/** The SDK's DubbingResource of a row: its source media, a track per speaker, segments with their dubs. */
export function presentResource(row: DubRow): DubbingResource {
  const input = {
    src: row.sourcePath,
    content_type: contentTypeOf(row.sourceType, row.isVideo),
    bucket_name: '',
    random_path_slug: row.id,
    duration_secs: row.durationSeconds,
    is_audio: !row.isVideo,
    url: `/v1/dubbing/${row.id}/audio/${row.targetLangs[0] ?? ''}`,
  };
  const speakers = [
    ...new Set([...row.speakers.map((s) => s.id), ...row.segments.map((s) => s.speaker)]),
  ].sort((a, b) => a - b);
  const placedOf = (lang: string, i: number) => placedAt(row, lang, i);
  return {
    id: row.id,
    version: row.version,
    source_language: row.sourceLang ?? 'auto',
    target_languages: row.targetLangs,
    input,
    speaker_tracks: Object.fromEntries(
      speakers.map((n) => [
        `speaker_${n}`,
        {
          id: `speaker_${n}`,
          media_ref: input,
          speaker_name: row.speakers.find((s) => s.id === n)?.name ?? `Speaker ${n + 1}`,
          voices: Object.fromEntries(
            Object.entries(row.speakers.find((s) => s.id === n)?.voices ?? {}).map(([l, v]) => [l, v.voice]),
          ),
          segments: row.segments.filter((s) => s.speaker === n).map((s) => s.id),
        },
      ]),
    ),
    speaker_segments: Object.fromEntries(
      row.segments.map((s, i) => [
        s.id,
        {
          id: s.id,
          start_time: s.start,
          end_time: s.end,
          text: s.text,
          subtitles: [frame(s.start, s.end, s.text)],
          dubs: Object.fromEntries(
            row.targetLangs.map((lang) => {
              const p = placedOf(lang, i);
              const text = s.translations[lang] ?? '';
              return [
                lang,
                {
                  start_time: p?.start ?? s.start,
                  end_time: p?.end ?? s.end,
                  text,
                  subtitles: [frame(p?.start ?? s.start, p?.end ?? s.end, text)],
                  // Segments whose words, slot or voice changed are spoken again at the next dub or render.
                  audio_stale: isStale(row, s, lang),
                },
              ];
            }),
          ),
        },
      ]),
    ),
    renders: Object.fromEntries(
      Object.entries(row.outputs).map(([lang, o]) => [
        o.renderId ?? lang,
        {
          id: o.renderId ?? lang,
          version: o.version ?? 0,
          language: lang,
          type: o.contentType === 'video/mp4' ? 'mp4' : 'mp3',
          status: row.status === 'dubbing' ? 'processing' : row.status === 'failed' ? 'failed' : 'complete',
        },
      ]),
    ),
  };
}
