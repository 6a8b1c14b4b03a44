import clsx from 'clsx';
import { useId, useState } from 'react';

import { useClassifyAudio } from '../api/classify';
import { verdictText } from '../lib/verdict-text';

import { ClipRecorder } from './clip-recorder';

const TONES = {
  generated:
    'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-800 dark:bg-violet-950/40 dark:text-violet-100',
  human:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100',
  unsure:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
} as const;

/** /app/ai-classifier: upload or record audio and see whether this installation generated it. */
export function AiClassifierView() {
  const classify = useClassifyAudio();
  const [fileName, setFileName] = useState<string | null>(null);
  const inputId = useId();
  const check = (file: File) => {
    setFileName(file.name);
    classify.mutate(file);
  };
  const result = classify.data ? verdictText(classify.data) : null;

  return (
    <div className="max-w-2xl space-y-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Every audio this installation generates (text to speech, dialogue, previews) carries an inaudible
        watermark keyed by this installation. Upload or record a clip to check for it: it survives MP3 and
        Opus re-encoding, resampling and cutting. It recognises audio made here, not AI speech from other
        services.
      </p>
      <div className="space-y-4 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium text-zinc-900 dark:text-white">
            Audio file
          </label>
          <input
            id={inputId}
            type="file"
            accept="audio/*,video/mp4,video/webm,.mp3,.wav,.ogg,.opus,.flac,.m4a,.aac,.aiff,.webm,.mp4"
            disabled={classify.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) check(file);
              e.target.value = '';
            }}
            className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-900 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-zinc-700 dark:text-zinc-300 dark:file:bg-white dark:file:text-zinc-900"
          />
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium text-zinc-900 dark:text-white">Or record with the microphone</p>
          <ClipRecorder onRecorded={check} disabled={classify.isPending} />
        </div>
      </div>
      {classify.isPending ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Checking {fileName}…
        </p>
      ) : null}
      {classify.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {classify.error.message}
        </p>
      ) : null}
      {result && classify.data && !classify.isPending ? (
        <section
          aria-label="Verdict"
          data-testid="classifier-verdict"
          className={clsx('space-y-2 rounded-2xl border p-5', TONES[result.tone])}
        >
          <p className="text-xs uppercase tracking-wide opacity-70">{fileName}</p>
          <h2 className="text-xl font-semibold">{result.headline}</h2>
          <p className="text-sm">{result.detail}</p>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 pt-2 text-sm sm:grid-cols-4">
            <dt className="opacity-70">Probability</dt>
            <dd className="tabular-nums" data-testid="classifier-probability">
              {(classify.data.probability * 100).toFixed(2)}%
            </dd>
            <dt className="opacity-70">Score</dt>
            <dd className="tabular-nums">
              {classify.data.score.toFixed(1)} (threshold {classify.data.threshold})
            </dd>
            <dt className="opacity-70">Length</dt>
            <dd className="tabular-nums">{classify.data.duration_seconds.toFixed(1)} s</dd>
            <dt className="opacity-70">With sound</dt>
            <dd className="tabular-nums">{classify.data.analysed_seconds.toFixed(1)} s</dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
