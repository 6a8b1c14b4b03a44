import { appRoutes } from '@vocalis/domain/app-routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { isHttpError } from '@/lib/api-client';

import { getCaptcha, useProfessionalVoices, verifyCaptcha, type CaptchaResult } from '../api/pvc-calls';

import { CaptchaRecorder } from './captcha-recorder';

/** /app/voice-verification: the captcha text of a professional voice, a recording of it, the result. */
export function VoiceVerificationView() {
  const voices = useProfessionalVoices();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = voices.data ?? [];
  const voice = list.find((v) => v.voice_id === params.get('voice_id')) ?? list[0];
  const captcha = useQuery({
    queryKey: ['pvc-captcha', voice?.voice_id],
    queryFn: ({ signal }) => getCaptcha(voice!.voice_id, signal),
    enabled: Boolean(voice),
  });
  const [result, setResult] = useState<CaptchaResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (file: File) => {
    if (!voice) return;
    setSending(true);
    setError(null);
    try {
      setResult(await verifyCaptcha(voice.voice_id, file));
    } catch (err) {
      setError(isHttpError(err) ? err.message : 'Something went wrong.');
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: ['pvc-captcha', voice.voice_id] });
      await queryClient.invalidateQueries({ queryKey: ['voices'] });
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-6">
      <header className="space-y-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Read the text below aloud. Speech recognition (PocketSphinx, on this server) must hear at least{' '}
          {Math.round((captcha.data?.min_word_recall ?? 0.5) * 100)} % of its words, in order.
        </p>
      </header>
      {!voice && !voices.isLoading ? (
        <p className="text-sm">
          No professional voice to verify.{' '}
          <Link className="text-indigo-600 underline" to={appRoutes.professionalVoiceCloning.path}>
            Create one
          </Link>
          .
        </p>
      ) : null}
      {list.length > 1 ? (
        <label className="block text-sm">
          Voice{' '}
          <select value={voice?.voice_id} onChange={(e) => setParams({ voice_id: e.target.value })}>
            {list.map((v) => (
              <option key={v.voice_id} value={v.voice_id}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {voice && captcha.data ? (
        <section className="space-y-4">
          <blockquote
            className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-lg dark:border-zinc-800 dark:bg-zinc-900"
            data-testid="captcha-text"
          >
            {captcha.data.text}
          </blockquote>
          <p className="text-xs text-zinc-500">
            Attempts used: {captcha.data.attempts_used} / {captcha.data.max_attempts}
          </p>
          <CaptchaRecorder onRecorded={(f) => void send(f)} disabled={sending} />
          <label className="block text-sm">
            Or upload a recording
            <input
              type="file"
              accept="audio/*"
              className="mt-1 block text-sm"
              disabled={sending}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void send(f);
              }}
            />
          </label>
          {sending ? <p className="text-sm">Listening…</p> : null}
        </section>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {result ? (
        <section
          className={result.accepted ? 'text-green-700 dark:text-green-400' : 'text-red-600'}
          data-testid="verification-result"
        >
          <p className="font-medium">
            {result.accepted ? 'Verified.' : 'Not verified: try again with the new text.'}
          </p>
          {result.failure ? <p className="text-sm">{result.failure}</p> : null}
          <p className="text-sm">
            Heard: “{result.heard || '(nothing)'}” — {Math.round(result.similarity * 100)} % of the words.
          </p>
          {result.accepted && voice ? (
            <Link
              className="text-sm text-indigo-600 underline"
              to={`${appRoutes.professionalVoiceCloning.path}?voice_id=${encodeURIComponent(voice.voice_id)}`}
            >
              Back to training
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
