import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';
import { useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useDubSegments, useEditSegment, useMoveSegments, useTranslateSegments } from '../api/dub-resource';

type Segment = DubbingResource['speaker_segments'][string];
const time = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
const field =
  'min-w-0 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
const onError = { onError: (e: unknown) => toast.error(errorToastMessage(e)) };

/** One segment: its timing, speaker, source text and translation, saved together; translate or dub it again. */
export function SegmentRow({
  dubId,
  resource,
  segment,
  language,
  selected,
  onSelect,
}: {
  dubId: string;
  resource: DubbingResource;
  segment: Segment;
  language: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const saved = {
    text: segment.text,
    translation: segment.dubs[language]?.text ?? '',
    start: String(segment.start_time),
    end: String(segment.end_time),
    speaker: Object.values(resource.speaker_tracks).find((t) => t.segments.includes(segment.id))?.id ?? '',
  };
  const [v, setV] = useState(saved);
  const edit = useEditSegment(dubId);
  const move = useMoveSegments(dubId);
  const translate = useTranslateSegments(dubId);
  const dub = useDubSegments(dubId);
  const stale = segment.dubs[language]?.audio_stale ?? false;
  const changed = (Object.keys(saved) as (keyof typeof saved)[]).some((k) => v[k] !== saved[k]);
  const at = time(segment.start_time);

  const save = async () => {
    const start = Number(v.start);
    const end = Number(v.end);
    const timing = start !== segment.start_time || end !== segment.end_time;
    try {
      if (v.speaker !== saved.speaker)
        await move.mutateAsync({ segmentIds: [segment.id], speakerId: v.speaker });
      if (v.text !== saved.text || timing)
        await edit.mutateAsync({
          segmentId: segment.id,
          language: 'source',
          ...(v.text !== saved.text && { text: v.text }),
          ...(timing && { start_time: start, end_time: end }),
        });
      if (v.translation !== saved.translation)
        await edit.mutateAsync({ segmentId: segment.id, language, text: v.translation });
    } catch (e) {
      toast.error(errorToastMessage(e));
    }
  };
  const set = (k: keyof typeof saved) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));

  return (
    <li
      data-testid="dub-segment"
      aria-current={selected || undefined}
      onFocus={onSelect}
      className={`grid gap-2 rounded-lg px-2 py-3 lg:grid-cols-[9rem_1fr_1fr] lg:gap-3 ${
        selected ? 'bg-amber-50 dark:bg-amber-950/30' : ''
      }`}
    >
      <div className="flex flex-wrap items-center gap-1 text-xs text-zinc-500 lg:flex-col lg:items-stretch">
        <span className="font-mono">{at}</span>
        <label className="flex items-center gap-1">
          <span className="w-8">Start</span>
          <input
            aria-label={`Start of ${at}`}
            type="number"
            step="0.1"
            min="0"
            value={v.start}
            onChange={set('start')}
            className={`${field} w-20`}
          />
        </label>
        <label className="flex items-center gap-1">
          <span className="w-8">End</span>
          <input
            aria-label={`End of ${at}`}
            type="number"
            step="0.1"
            min="0"
            value={v.end}
            onChange={set('end')}
            className={`${field} w-20`}
          />
        </label>
        <select aria-label={`Speaker of ${at}`} value={v.speaker} onChange={set('speaker')} className={field}>
          {Object.values(resource.speaker_tracks).map((t) => (
            <option key={t.id} value={t.id}>
              {t.speaker_name}
            </option>
          ))}
        </select>
      </div>
      <textarea
        aria-label={`Source text at ${at}`}
        value={v.text}
        rows={2}
        onChange={set('text')}
        className={field}
      />
      <div className="flex flex-col gap-2">
        <textarea
          aria-label={`Translation at ${at}`}
          value={v.translation}
          rows={2}
          onChange={set('translation')}
          className={field}
        />
        <div className="flex flex-wrap items-center gap-2">
          <LoadingButton
            size="sm"
            variant="secondary"
            loading={edit.isPending || move.isPending}
            disabled={!changed}
            onClick={() => void save()}
          >
            Save
          </LoadingButton>
          <LoadingButton
            size="sm"
            variant="secondary"
            loading={translate.isPending}
            onClick={() => translate.mutate({ segments: [segment.id], languages: [language] }, onError)}
          >
            Re-translate
          </LoadingButton>
          <LoadingButton
            size="sm"
            variant="secondary"
            loading={dub.isPending}
            disabled={!stale || changed}
            onClick={() => dub.mutate({ segments: [segment.id], languages: [language] }, onError)}
          >
            Re-dub
          </LoadingButton>
          {stale && <span className="text-xs text-amber-600 dark:text-amber-400">edited</span>}
        </div>
      </div>
    </li>
  );
}
