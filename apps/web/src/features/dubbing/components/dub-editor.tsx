import { useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useAddLanguage,
  useDubResource,
  useDubSegments,
  useRenderDub,
  useTranslateSegments,
} from '../api/dub-resource';
import { useDubbingLanguages } from '../api/get-dubs';
import { DubTimeline } from './dub-timeline';
import { SegmentRow } from './segment-editor';

const onError = { onError: (e: unknown) => toast.error(errorToastMessage(e)) };

/**
 * The dubbing editor of one language: the timeline of segments per speaker, every segment editable (text,
 * translation, timing, speaker), translate or dub one segment or all again, add a language, render again.
 */
export function DubEditor({
  dubId,
  language,
  video,
  playhead,
}: {
  dubId: string;
  language: string;
  video: boolean;
  playhead: number;
}) {
  const resource = useDubResource(dubId);
  const render = useRenderDub(dubId);
  const translate = useTranslateSegments(dubId);
  const dub = useDubSegments(dubId);
  const add = useAddLanguage(dubId);
  const languages = useDubbingLanguages();
  const [selected, setSelected] = useState<string | null>(null);
  const [newLanguage, setNewLanguage] = useState('');
  const data = resource.data;
  if (!data) return null;
  const segments = Object.values(data.speaker_segments).sort((a, b) => a.start_time - b.start_time);
  const stale = segments.some((s) => s.dubs[language]?.audio_stale);
  const addable = (languages.data?.pairs ?? [])
    .filter((p) => p.source === data.source_language && !data.target_languages.includes(p.target))
    .map((p) => p.target);

  return (
    <div className="space-y-3">
      <DubTimeline
        resource={data}
        language={language}
        duration={data.input.duration_secs}
        playhead={playhead}
        selected={selected}
        onSelect={(id) => {
          setSelected(id);
          document.getElementById(`segment-${id}`)?.scrollIntoView({ block: 'nearest' });
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-sm font-semibold text-zinc-800 dark:text-zinc-200">Segments</h3>
        <LoadingButton
          size="sm"
          variant="secondary"
          loading={translate.isPending}
          onClick={() => translate.mutate({ segments: [], languages: [language] }, onError)}
        >
          Re-translate all
        </LoadingButton>
        <LoadingButton
          size="sm"
          variant="secondary"
          loading={dub.isPending}
          disabled={!stale}
          onClick={() => dub.mutate({ segments: [], languages: [language] }, onError)}
        >
          Re-dub all
        </LoadingButton>
        <LoadingButton
          size="sm"
          loading={render.isPending}
          onClick={() => render.mutate({ language, type: video ? 'mp4' : 'mp3' }, onError)}
        >
          Render again
        </LoadingButton>
        <label className="flex items-center gap-1 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="sr-only">Language to add</span>
          <select
            aria-label="Language to add"
            value={newLanguage}
            onChange={(e) => setNewLanguage(e.target.value)}
            className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">{addable.length ? 'Add a language…' : 'No other language'}</option>
            {addable.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <LoadingButton
          size="sm"
          variant="secondary"
          loading={add.isPending}
          disabled={!newLanguage}
          onClick={() => add.mutate(newLanguage, { ...onError, onSuccess: () => setNewLanguage('') })}
        >
          Add language
        </LoadingButton>
      </div>
      <ol aria-label="Segments" className="space-y-1 text-sm">
        {segments.map((s) => (
          <div key={`${s.id}-${data.version}`} id={`segment-${s.id}`}>
            <SegmentRow
              dubId={dubId}
              resource={data}
              segment={s}
              language={language}
              selected={selected === s.id}
              onSelect={() => setSelected(s.id)}
            />
          </div>
        ))}
      </ol>
    </div>
  );
}
