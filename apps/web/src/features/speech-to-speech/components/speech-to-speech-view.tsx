import type { Voice } from '@vocalis/contracts/voices';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { AudioPlayerBar } from '@/components/audio-player/audio-player-bar';
import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { useLocalStorage } from '@/hooks/use-local-storage';
import { errorToastMessage } from '@/lib/error-toast';
import { useVoices } from '@/lib/voices';

import { useConvertSpeech } from '../api/convert-speech';
import { describeReport } from '../lib/describe-report';
import { useRecorder, type Recording } from './use-recorder';

/** §9 storage keys: "speech-to-speech model, voice". */
const STORAGE = { voice: 'sts_voice' } as const;
const card =
  'rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';
const label = 'text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/** An object URL for a blob, revoked when the blob changes or the page closes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** /app/speech-synthesis/speech-to-speech: record or upload speech, pick a voice, convert, play. */
export function SpeechToSpeechView() {
  const voices = useVoices().data ?? [];
  const [storedVoice, setStoredVoice] = useLocalStorage<string | null>(STORAGE.voice, null);
  const voiceId =
    storedVoice && voices.some((v) => v.voice_id === storedVoice) ? storedVoice : voices[0]?.voice_id;
  const [input, setInput] = useState<Recording | null>(null);
  const [denoise, setDenoise] = useState(false);
  const inputUrl = useObjectUrl(input?.blob ?? null);
  const convert = useConvertSpeech();
  const player = useAudioPlayer();
  const outputUrl = useObjectUrl(convert.data?.audio ?? null);
  const recorder = useRecorder(useCallback((r: Recording) => setInput(r), []));

  useEffect(() => {
    if (outputUrl) player.loadSource(outputUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per result
  }, [outputUrl]);

  const voice: Voice | undefined = voices.find((v) => v.voice_id === voiceId);
  const run = () => {
    if (!input || !voiceId) return;
    convert.mutate({ voiceId, audio: input.blob, fileName: input.fileName, removeBackgroundNoise: denoise });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Your words, timing and intonation, moved to another voice. The built-in conversion is signal
          processing, not a neural voice changer: it moves pitch level and range, formants and brightness to
          the voice&apos;s measured profile; the rest of the timbre stays yours.
        </p>
        <Link to={appRoutes.speechToSpeechHistory.path} className={buttonClasses('secondary', 'sm')}>
          History
        </Link>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className={`${card} space-y-4`} aria-labelledby="sts-input">
          <h2 id="sts-input" className={label}>
            Your speech
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {recorder.supported && (
              <Button
                variant={recorder.recording ? 'danger' : 'secondary'}
                onClick={recorder.recording ? recorder.stop : recorder.start}
              >
                {recorder.recording ? 'Stop recording' : 'Record'}
              </Button>
            )}
            <label className={buttonClasses('secondary')}>
              Upload audio
              <input
                type="file"
                accept="audio/*,video/mp4,video/webm"
                className="sr-only"
                aria-label="Audio file"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) setInput({ blob: f, fileName: f.name });
                }}
              />
            </label>
          </div>
          {recorder.error && <p className="text-sm text-rose-600 dark:text-rose-400">{recorder.error}</p>}
          {recorder.recording && (
            <p role="status" className="text-sm text-rose-600">
              Recording…
            </p>
          )}
          {inputUrl ? (
            <div className="space-y-1">
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{input?.fileName}</p>
              <audio controls src={inputUrl} aria-label="Your speech" className="w-full" />
            </div>
          ) : (
            <p className="text-sm text-zinc-500">
              Record up to 5 minutes, or upload mp3, wav, ogg, webm, flac, m4a or mp4.
            </p>
          )}
        </section>

        <section className={`${card} space-y-4`} aria-labelledby="sts-voice">
          <h2 id="sts-voice" className={label}>
            Target voice
          </h2>
          <select
            aria-label="Voice"
            className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={voiceId ?? ''}
            onChange={(e) => setStoredVoice(e.target.value)}
          >
            {voices.map((v) => (
              <option key={v.voice_id} value={v.voice_id}>
                {v.name}
                {v.category && v.category !== 'premade' ? ` (${v.category})` : ''}
              </option>
            ))}
          </select>
          {voice?.description && <p className="text-xs text-zinc-500">{voice.description}</p>}
          <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input type="checkbox" checked={denoise} onChange={(e) => setDenoise(e.target.checked)} />
            Remove background noise first
          </label>
          <p className="text-xs text-zinc-500">Costs 1,000 characters per minute of your speech.</p>
          <LoadingButton
            loading={convert.isPending}
            disabled={!input || !voiceId || recorder.recording}
            onClick={run}
          >
            Convert
          </LoadingButton>
          {convert.error && (
            <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
              {errorToastMessage(convert.error)}
            </p>
          )}
        </section>
      </div>

      {convert.data && (
        <section className="space-y-2" aria-label="Converted speech">
          <AudioPlayerBar
            player={player}
            placement="inline"
            title={`In ${voice?.name ?? 'the chosen voice'}`}
            subtitle={
              convert.data.report ? describeReport(convert.data.report) : 'Converted by the conversion server'
            }
            downloadReady
            onDownload={() => {
              if (!outputUrl) return;
              const a = document.createElement('a');
              a.href = outputUrl;
              a.download = 'speech-to-speech.mp3';
              a.click();
            }}
          />
          <p className="text-xs text-zinc-500">
            {convert.data.characters.toLocaleString('en')} characters used
            {convert.data.historyItemId ? ' · saved in history' : ''}
          </p>
        </section>
      )}
    </div>
  );
}
