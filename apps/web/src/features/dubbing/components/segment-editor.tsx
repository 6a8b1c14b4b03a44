import type { DubbingResource } from '@vocalis/contracts/dubbing-resource';
import { useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useDubResource, useRenderDub, useUpdateSegment } from '../api/dub-resource';

type Segment = DubbingResource['speaker_segments'][string];
const time = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;

function SegmentRow({ dubId, segment, language }: { dubId: string; segment: Segment; language: string }) {
  const saved = segment.dubs[language]?.text ?? '';
  const [text, setText] = useState(saved);
  const update = useUpdateSegment(dubId);
  const stale = segment.dubs[language]?.audio_stale ?? false;
  return (
    <li data-testid="dub-segment" className="grid gap-2 py-3 sm:grid-cols-[6rem_1fr_1fr] sm:gap-3">
      <span className="font-mono text-xs text-zinc-500">
        {time(segment.start_time)}–{time(segment.end_time)}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">{segment.text}</span>
      <span className="flex items-start gap-2">
        <textarea
          aria-label={`Translation at ${time(segment.start_time)}`}
          value={text}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <LoadingButton
          size="sm"
          variant="secondary"
          loading={update.isPending}
          disabled={text.trim() === saved || !text.trim()}
          onClick={() =>
            update.mutate(
              { segmentId: segment.id, language, text },
              { onError: (e) => toast.error(errorToastMessage(e)) },
            )
          }
        >
          Save
        </LoadingButton>
        {stale && <span className="pt-1 text-xs text-amber-600 dark:text-amber-400">edited</span>}
      </span>
    </li>
  );
}

/** The segments of a dub in one language, each translation editable, and "Render again" once edited. */
export function SegmentEditor({
  dubId,
  language,
  video,
}: {
  dubId: string;
  language: string;
  video: boolean;
}) {
  const resource = useDubResource(dubId);
  const render = useRenderDub(dubId);
  const segments = Object.values(resource.data?.speaker_segments ?? {}).sort(
    (a, b) => a.start_time - b.start_time,
  );
  const edited = segments.some((s) => s.dubs[language]?.audio_stale);
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <h3 className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">Segments</h3>
        <LoadingButton
          size="sm"
          className="ml-auto"
          loading={render.isPending}
          disabled={!edited}
          onClick={() =>
            render.mutate(
              { language, type: video ? 'mp4' : 'mp3' },
              { onError: (e) => toast.error(errorToastMessage(e)) },
            )
          }
        >
          Render again
        </LoadingButton>
      </div>
      <ol aria-label="Segments" className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
        {segments.map((s) => (
          <SegmentRow
            key={`${s.id}-${s.dubs[language]?.text ?? ''}`}
            dubId={dubId}
            segment={s}
            language={language}
          />
        ))}
      </ol>
    </div>
  );
}
