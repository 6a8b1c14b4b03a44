import { useEffect, useMemo } from 'react';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** The original and the isolated voice, side by side, each with its own player. */
export function BeforeAfter({ title, before, after }: { title: string; before: Blob; after: Blob }) {
  const beforeUrl = useObjectUrl(before);
  const afterUrl = useObjectUrl(after);
  return (
    <section
      aria-label="Before and after"
      className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{title}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Before</p>
          {beforeUrl && <audio controls src={beforeUrl} aria-label="Before" className="w-full" />}
        </div>
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">After</p>
          {afterUrl && <audio controls src={afterUrl} aria-label="After" className="w-full" />}
          {afterUrl && (
            <a
              href={afterUrl}
              download={`${title.replace(/\.[^.]+$/, '')}-isolated.mp3`}
              className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Download the isolated voice
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
