import type { DubbingMetadata } from '@vocalis/contracts/dubbing';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/save-file';
import { errorToastMessage } from '@/lib/error-toast';

import { useDubResource } from '../api/dub-resource';
import { getDubAudio, getDubMedia, getDubSubtitles } from '../api/get-dubs';
import { DubEditor } from './dub-editor';

/** A finished dub: the dubbed media with a language switcher, downloads, and its segments to edit and render again. */
export function DubPlayer({ dub }: { dub: DubbingMetadata }) {
  const [language, setLanguage] = useState(dub.target_languages[0] ?? '');
  const [media, setMedia] = useState<{ url: string; blob: Blob } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playhead, setPlayhead] = useState(0);
  const resource = useDubResource(dub.dubbing_id);
  const rendered = Object.values(resource.data?.renders ?? {}).some((r) => r.language === language);
  const video = dub.media_metadata?.content_type.startsWith('video/') ?? false;

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setMedia(null);
    setError(null);
    if (!rendered) return;
    getDubMedia(dub.dubbing_id, language)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setMedia({ url, blob });
      })
      .catch((e: unknown) => live && setError(errorToastMessage(e)));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dub.dubbing_id, language, rendered]);

  const download = async (format: 'srt' | 'webvtt') =>
    saveFile(
      new Blob([await getDubSubtitles(dub.dubbing_id, language, format)], { type: 'text/plain' }),
      `${dub.name}-${language}.${format === 'srt' ? 'srt' : 'vtt'}`,
    );

  return (
    <section
      aria-label={`Dub ${dub.name}`}
      className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{dub.name}</h2>
        <label className="ml-auto flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          Language
          <select
            className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            {dub.target_languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {resource.data && !rendered && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Not rendered in this language yet: use Render again below.
        </p>
      )}
      {media &&
        (video ? (
          <video
            data-testid="dub-media"
            onTimeUpdate={(e) => setPlayhead(e.currentTarget.currentTime)}
            controls
            src={media.url}
            className="max-h-80 w-full rounded-lg bg-black"
          />
        ) : (
          <audio
            data-testid="dub-media"
            onTimeUpdate={(e) => setPlayhead(e.currentTarget.currentTime)}
            controls
            src={media.url}
            className="w-full"
          />
        ))}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={!media}
          onClick={() => media && saveFile(media.blob, `${dub.name}-${language}.${video ? 'mp4' : 'mp3'}`)}
        >
          Download {video ? 'video' : 'audio'}
        </Button>
        {video && (
          <Button
            size="sm"
            variant="secondary"
            disabled={!media}
            onClick={() =>
              void getDubAudio(dub.dubbing_id, language)
                .then((blob) => saveFile(blob, `${dub.name}-${language}.mp3`))
                .catch((e: unknown) => setError(errorToastMessage(e)))
            }
          >
            Download audio
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => void download('srt')}>
          Subtitles (SRT)
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void download('webvtt')}>
          Subtitles (WebVTT)
        </Button>
      </div>
      <DubEditor dubId={dub.dubbing_id} language={language} video={video} playhead={playhead} />
    </section>
  );
}
