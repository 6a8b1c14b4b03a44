import type { TranscriptResponse } from '@vocalis/contracts/speech-to-text';
import clsx from 'clsx';
import { Fragment, useMemo, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/save-file';

import { EXPORTS, exportTranscript, spokenWords, wordAt } from '../lib/transcript-exports';

/**
 * A transcript: words grouped by speaker turn, the word being spoken highlighted while the audio plays
 * (when the page still has the audio: the server does not keep it), a click on a word seeks there, and
 * downloads as txt, srt, vtt and json.
 */
export function TranscriptView({
  transcript,
  audioUrl,
}: {
  transcript: TranscriptResponse;
  audioUrl: string | null;
}) {
  const words = useMemo(() => spokenWords(transcript), [transcript]);
  const audio = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState(-1);
  const turns = useMemo(() => {
    const out: { speaker: string | null; items: number[] }[] = [];
    words.forEach((w, i) => {
      const last = out[out.length - 1];
      if (last && last.speaker === w.speaker_id) last.items.push(i);
      else out.push({ speaker: w.speaker_id ?? null, items: [i] });
    });
    return out;
  }, [words]);

  return (
    <section aria-label="Transcript" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-500">
        <span>{transcript.audio_duration_secs.toFixed(1)} s</span>
        <span>· language {transcript.language_code}</span>
        <span>· {words.length} words</span>
        <span className="ml-auto flex gap-1">
          {EXPORTS.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant="secondary"
              onClick={() => {
                const out = exportTranscript(transcript, kind);
                saveFile(
                  new Blob([out.text], { type: out.type }),
                  `transcript-${transcript.transcription_id}.${kind}`,
                );
              }}
            >
              {kind.toUpperCase()}
            </Button>
          ))}
        </span>
      </div>
      {audioUrl ? (
        <audio
          ref={audio}
          src={audioUrl}
          controls
          className="w-full"
          onTimeUpdate={(e) => setCurrent(wordAt(words, e.currentTarget.currentTime))}
        />
      ) : (
        <p className="text-sm text-zinc-500">
          The audio is not kept on the server; upload it again to play along.
        </p>
      )}
      {words.length === 0 && <p className="text-sm text-zinc-500">No speech was recognised in this file.</p>}
      <div className="space-y-3 leading-8" data-testid="transcript-words">
        {turns.map((turn, t) => (
          <p key={t}>
            {turn.speaker && (
              <span className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                {turn.speaker.replace('speaker_', 'Speaker ')}
              </span>
            )}
            {turn.items.map((i) => (
              <Fragment key={i}>
                <button
                  type="button"
                  data-word={i}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => {
                    if (audio.current) audio.current.currentTime = words[i]!.start;
                    setCurrent(i);
                  }}
                  className={clsx(
                    'rounded px-0.5',
                    i === current ? 'bg-amber-200 text-zinc-900' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
                  )}
                  title={`${words[i]!.start.toFixed(2)}-${words[i]!.end.toFixed(2)} s`}
                >
                  {words[i]!.text}
                </button>{' '}
              </Fragment>
            ))}
          </p>
        ))}
      </div>
    </section>
  );
}
