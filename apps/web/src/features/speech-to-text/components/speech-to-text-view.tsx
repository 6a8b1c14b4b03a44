import type { TranscriptSummary } from '@vocalis/contracts/speech-to-text';
import clsx from 'clsx';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { useLiveCollection } from '@/lib/live';
import { useQueryClient } from '@tanstack/react-query';

import {
  transcriptKeys,
  useDeleteTranscript,
  useTranscribe,
  useTranscript,
  useTranscripts,
} from '../api/transcripts';

import { Recorder } from './recorder';
import { TranscriptView } from './transcript-view';

const ACCEPT =
  'audio/*,video/*,.aac,.aiff,.ogg,.mp3,.opus,.wav,.webm,.flac,.mp4,.m4a,.avi,.mkv,.mov,.wmv,.flv,.mpeg,.3gp';
const when = (unix: number) => new Date(unix * 1000).toLocaleString();

/**
 * /app/speech-to-text: upload or record, transcribe in a job (status over live updates), read the transcript
 * with word timings and speakers, export it, and browse, open or delete earlier transcripts.
 */
export function SpeechToTextView() {
  const qc = useQueryClient();
  const list = useTranscripts();
  const transcribe = useTranscribe();
  const remove = useDeleteTranscript();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [diarize, setDiarize] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [audio, setAudio] = useState<{ id: string; url: string } | null>(null);
  const rows = list.data?.transcripts ?? [];
  const open = rows.find((r) => r.transcription_id === openId) ?? null;
  const transcript = useTranscript(openId, open?.status === 'completed');

  useLiveCollection(
    'transcript',
    (change) => {
      void qc.invalidateQueries({ queryKey: transcriptKeys.list });
      if (change.op === 'update') void qc.invalidateQueries({ queryKey: transcriptKeys.one(change.id) });
    },
    () => void qc.invalidateQueries({ queryKey: transcriptKeys.list }),
  );
  useEffect(() => () => (audio ? URL.revokeObjectURL(audio.url) : undefined), [audio]);

  const start = () => {
    if (!file) return;
    transcribe.mutate(
      { file, diarize },
      {
        onSuccess: (res) => {
          setOpenId(res.transcription_id);
          setAudio({ id: res.transcription_id, url: URL.createObjectURL(file) });
          setFile(null);
          setInputKey((k) => k + 1);
        },
        onError: (e) => toast.error('Could not transcribe', isHttpError(e) ? e.message : undefined),
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <header>
          <p className="text-sm text-zinc-500">
            Transcribed on this server by PocketSphinx (US English; far less accurate than neural
            recognisers), or by the transcription server your administrator connected.
          </p>
        </header>
        <section
          aria-label="New transcript"
          className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-center gap-3">
            <label className="text-sm">
              <span className="sr-only">Audio or video file</span>
              <input
                key={inputKey}
                className="max-w-full"
                type="file"
                accept={ACCEPT}
                aria-label="Audio or video file"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <Recorder onRecorded={setFile} disabled={transcribe.isPending} />
          </div>
          {file && <p className="text-sm">Selected: {file.name}</p>}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={diarize} onChange={(e) => setDiarize(e.target.checked)} />
            Label speakers (split at pauses, voices told apart by pitch and timbre)
          </label>
          <Button disabled={!file || transcribe.isPending} onClick={start}>
            {transcribe.isPending ? 'Uploading…' : 'Transcribe'}
          </Button>
        </section>
        {open && (
          <section aria-label="Open transcript" className="space-y-3">
            <h2 className="text-lg font-medium">{open.file_name ?? 'Transcript'}</h2>
            {open.status === 'processing' && (
              <p role="status" className="animate-pulse text-sm text-zinc-600">
                Transcribing {open.audio_duration_secs.toFixed(1)} s of audio…
              </p>
            )}
            {open.status === 'failed' && (
              <p className="text-sm text-rose-600">{open.error ?? 'The transcription failed.'}</p>
            )}
            {transcript.data && (
              <TranscriptView
                transcript={transcript.data}
                audioUrl={audio?.id === open.transcription_id ? audio.url : null}
              />
            )}
          </section>
        )}
      </div>
      <aside aria-label="Transcripts" className="min-w-0 space-y-2">
        <h2 className="text-sm font-medium text-zinc-500">History</h2>
        {list.isLoading && <p className="text-sm text-zinc-500">Loading…</p>}
        {!list.isLoading && rows.length === 0 && <p className="text-sm text-zinc-500">No transcripts yet.</p>}
        <ul className="space-y-1">
          {rows.map((r: TranscriptSummary) => (
            <li
              key={r.transcription_id}
              className={clsx(
                'rounded-lg border p-2 text-sm',
                r.transcription_id === openId
                  ? 'border-zinc-900 dark:border-white'
                  : 'border-zinc-200 dark:border-zinc-800',
              )}
            >
              <button
                type="button"
                className="block w-full text-left"
                onClick={() => setOpenId(r.transcription_id)}
              >
                <span className="block truncate font-medium">{r.file_name ?? r.transcription_id}</span>
                <span className="block text-xs text-zinc-500">
                  {when(r.created_at_unix)} · {r.audio_duration_secs.toFixed(1)} s · {r.status}
                  {r.speakers > 1 ? ` · ${r.speakers} speakers` : ''}
                </span>
                <span className="block truncate text-xs text-zinc-600">{r.text_preview}</span>
              </button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${r.file_name ?? 'transcript'}`}
                onClick={() =>
                  remove.mutate(r.transcription_id, {
                    onSuccess: () => r.transcription_id === openId && setOpenId(null),
                  })
                }
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
