import * as Dialog from '@radix-ui/react-dialog';
import {
  DEFAULT_VIDEO_THEME,
  estimatedVideoProgress,
  VIDEO_PROGRESS_INTERVAL_MS,
  VIDEO_THEME_COLOURS,
  VIDEO_THEME_LABELS,
  VIDEO_THEMES,
  videoErrorMessage,
  videoPreviewErrorMessage,
  type VideoTheme,
} from '@vocalis/domain/share-video';
import { useEffect, useRef, useState } from 'react';

import { Button, buttonClasses } from '@/components/ui/button';
import { CloseIcon, Spinner } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { fetchVideoPreview, generateVideo } from '@/lib/history/share-video';

type Item = { history_item_id: string; text: string };

/**
 * The share video modal (content-and-workspace.md §2, §6): theme colour (default), white or black; a
 * preview image of the theme; Generate renders a looping mp4 (progress estimated at 130 ms per
 * character, every 100 ms, capped at 1) that plays muted or not, with Download. Changing the theme
 * clears video, preview and progress; closing resets everything (the body unmounts).
 */
export function ShareVideoModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[82] animate-overlay-in bg-zinc-950/40 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-[83] max-h-[92dvh] animate-dialog-in overflow-y-auto rounded-t-2xl border border-zinc-200 bg-white p-6 shadow-2xl sm:top-1/2 sm:right-auto sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
                Share as video
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                A looping video of the audio, its waveform and its text.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2">
                <CloseIcon className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          {item ? <VideoBody item={item} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An object URL for a Blob, revoked when it changes or the component leaves. */
function useObjectUrl(blob: Blob | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

function VideoBody({ item }: { item: Item }) {
  const [theme, setTheme] = useState<VideoTheme>(DEFAULT_VIDEO_THEME);
  const [preview, setPreview] = useState<Blob | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [video, setVideo] = useState<Blob | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [muted, setMuted] = useState(true);
  const run = useRef<AbortController | null>(null);
  const previewUrl = useObjectUrl(preview);
  const videoUrl = useObjectUrl(video);

  // The preview follows the theme.
  useEffect(() => {
    const controller = new AbortController();
    fetchVideoPreview(item.history_item_id, theme, controller.signal).then(setPreview, (error: unknown) => {
      if (!controller.signal.aborted) setPreviewError(videoPreviewErrorMessage(messageOf(error)));
    });
    return () => controller.abort();
  }, [item.history_item_id, theme]);

  useEffect(() => () => run.current?.abort(), []);

  const chooseTheme = (next: VideoTheme) => {
    if (next === theme) return;
    run.current?.abort();
    setTheme(next);
    setPreview(null);
    setPreviewError(null);
    setVideo(null);
    setVideoError(null);
    setProgress(null);
  };

  const generate = async () => {
    const controller = new AbortController();
    run.current = controller;
    setVideo(null);
    setVideoError(null);
    const started = Date.now();
    setProgress(0);
    const timer = setInterval(
      () => setProgress(estimatedVideoProgress(Date.now() - started, item.text.length)),
      VIDEO_PROGRESS_INTERVAL_MS,
    );
    try {
      const blob = await generateVideo(item.history_item_id, theme, controller.signal);
      if (!controller.signal.aborted) setVideo(blob);
    } catch (error) {
      if (!controller.signal.aborted) setVideoError(videoErrorMessage(messageOf(error)));
    } finally {
      clearInterval(timer);
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const generating = progress !== null;
  return (
    <div className="mt-5 space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">Theme</legend>
        <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Theme">
          {VIDEO_THEMES.map((t) => (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={t === theme}
              onClick={() => chooseTheme(t)}
              className="flex items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm text-zinc-800 aria-checked:border-indigo-500 aria-checked:ring-2 aria-checked:ring-indigo-500/30 dark:border-zinc-700 dark:text-zinc-100"
            >
              <span
                className="size-4 rounded-full border border-zinc-300 dark:border-zinc-600"
                style={{ background: VIDEO_THEME_COLOURS[t].background }}
              />
              {VIDEO_THEME_LABELS[t]}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="relative aspect-square w-full overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-950">
        {videoUrl ? (
          <video
            data-testid="share-video"
            src={videoUrl}
            loop
            autoPlay
            playsInline
            muted={muted}
            className="size-full object-cover"
          />
        ) : previewUrl ? (
          <img src={previewUrl} alt="Video preview" className="size-full object-cover" />
        ) : previewError ? (
          <p role="alert" className="p-4 text-sm text-rose-600 dark:text-rose-400">
            {previewError}
          </p>
        ) : (
          <div className="flex size-full items-center justify-center text-zinc-500">
            <Spinner className="size-5" />
          </div>
        )}
      </div>

      {generating ? (
        <div
          role="progressbar"
          aria-label="Generating video"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
      {videoError ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {videoError}
        </p>
      ) : null}

      {videoUrl ? (
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={() => setMuted((m) => !m)}>
            {muted ? 'Unmute' : 'Mute'}
          </Button>
          <a
            href={videoUrl}
            download={`vocalis-${item.history_item_id}-${theme}.mp4`}
            className={buttonClasses('primary', 'md', 'flex-1')}
          >
            Download
          </a>
        </div>
      ) : (
        <LoadingButton className="w-full" loading={generating} onClick={() => void generate()}>
          {generating ? 'Generating video…' : 'Generate video'}
        </LoadingButton>
      )}
    </div>
  );
}
