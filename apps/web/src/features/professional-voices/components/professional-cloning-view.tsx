import { appRoutes } from '@vocalis/domain/app-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { isHttpError } from '@/lib/api-client';
import { billingKeys, useSubscription } from '@/lib/subscription';
import { textToSpeechHref } from '@/lib/voices';

import {
  addSamples,
  createPvc,
  trainPvc,
  useLiveProfessionalVoices,
  useProfessionalVoices,
  type PvcVoice,
} from '../api/pvc-calls';

import { SampleRow } from './sample-row';

const MODEL = 'vocalis_multilingual_v1';
const message = (e: unknown) => (isHttpError(e) ? e.message : 'Something went wrong.');

function CreateForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          onCreated((await createPvc({ name: name.trim(), language: 'en' })).voice_id);
          setName('');
        } catch (err) {
          setError(message(err));
        }
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Name of the new professional voice
        <input
          className={inputClasses}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
        />
      </label>
      <Button type="submit" disabled={!name.trim()}>
        Create professional voice
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function TrainingPanel({ voice }: { voice: PvcVoice }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const ft = voice.fine_tuning;
  const state = ft?.state[MODEL] ?? 'not_started';
  const progress = ft?.progress[MODEL] ?? 0;
  const verified = ft?.is_allowed_to_fine_tune ?? false;
  return (
    <section className="space-y-2" aria-label="Training">
      <h3 className="font-medium">3. Train</h3>
      {!verified ? (
        <p className="text-sm">
          Verify the voice first:{' '}
          <Link
            className="text-indigo-600 underline"
            to={`${appRoutes.voiceVerification.path}?voice_id=${encodeURIComponent(voice.voice_id)}`}
          >
            read the captcha text
          </Link>
          .
        </p>
      ) : (
        <p className="text-sm text-green-700 dark:text-green-400" data-testid="verified">
          Verified.
        </p>
      )}
      <div className="flex items-center gap-3">
        <Button
          disabled={!verified || state === 'queued' || state === 'fine_tuning'}
          onClick={async () => {
            setError(null);
            try {
              await trainPvc(voice.voice_id);
            } catch (err) {
              setError(message(err));
            }
            await queryClient.invalidateQueries({ queryKey: ['voices'] });
          }}
        >
          {state === 'fine_tuned' ? 'Train again' : 'Start training'}
        </Button>
        <div
          className="h-2 w-64 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
          role="progressbar"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-indigo-500 transition-all" style={{ width: `${progress * 100}%` }} />
        </div>
        <span className="text-sm" data-testid="training-state">
          {state.replace('_', ' ')} {Math.round(progress * 100)} %
        </span>
      </div>
      {ft?.message[MODEL] ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{ft.message[MODEL]}</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {state === 'fine_tuned' ? (
        <Link className={buttonClasses('secondary')} to={textToSpeechHref(voice.voice_id)}>
          Use in text to speech
        </Link>
      ) : null}
    </section>
  );
}

function VoicePanel({ voice }: { voice: PvcVoice }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <div
      className="space-y-6 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="pvc-voice"
    >
      <h2 className="text-lg font-semibold">{voice.name}</h2>
      <section className="space-y-2" aria-label="Samples">
        <h3 className="font-medium">1. Samples</h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Upload recordings of the voice (at least 10 s of speech together; more speech gives a finer
          profile). A sample with two voices can be separated by speaker; only the chosen speakers are trained
          on.
        </p>
        <label className="block text-sm">
          Add samples
          <input
            type="file"
            multiple
            accept="audio/*"
            className="mt-1 block text-sm"
            disabled={uploading}
            onChange={async (e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (!files.length) return;
              setUploading(true);
              setError(null);
              try {
                await addSamples(voice.voice_id, files);
              } catch (err) {
                setError(message(err));
              } finally {
                setUploading(false);
                await queryClient.invalidateQueries({ queryKey: ['voices'] });
              }
            }}
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <ul className="space-y-2">
          {(voice.samples ?? []).map((s) => (
            <SampleRow key={s.sample_id} voiceId={voice.voice_id} sample={s} />
          ))}
        </ul>
      </section>
      <section className="space-y-1" aria-label="Verification">
        <h3 className="font-medium">2. Verify</h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {voice.fine_tuning?.is_allowed_to_fine_tune
            ? 'The voice is verified.'
            : 'Read a short text aloud on the voice verification page; the recogniser must hear its words.'}
        </p>
      </section>
      <TrainingPanel voice={voice} />
    </div>
  );
}

/** /app/professional-voice-cloning: create, samples, speaker separation, verification, training. */
export function ProfessionalCloningView() {
  const queryClient = useQueryClient();
  const voices = useProfessionalVoices();
  useLiveProfessionalVoices();
  const sub = useSubscription();
  const [params, setParams] = useSearchParams();
  const list = voices.data ?? [];
  const selected = list.find((v) => v.voice_id === params.get('voice_id')) ?? list[0];
  const s = sub.data as
    { professional_voice_slots_used?: number; professional_voice_limit?: number } | undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="space-y-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A professional voice is a profile voice fitted from more speech than an instant clone: pitch, rate,
          pauses and pitch contour are measured sentence by sentence and applied to a built-in voice. It is
          not a neural clone of the speaker&apos;s timbre.
        </p>
        {s ? (
          <p className="text-sm" data-testid="pvc-limits">
            Professional voices: {s.professional_voice_slots_used ?? 0} / {s.professional_voice_limit ?? 0}
          </p>
        ) : null}
      </header>
      <CreateForm
        onCreated={async (id) => {
          // The new voice takes a professional slot (and a custom voice slot).
          void queryClient.invalidateQueries({ queryKey: billingKeys.all });
          await voices.refetch();
          setParams({ voice_id: id });
        }}
      />
      {list.length > 1 ? (
        <nav className="flex flex-wrap gap-2" aria-label="Professional voices">
          {list.map((v) => (
            <Button
              key={v.voice_id}
              size="sm"
              variant={v.voice_id === selected?.voice_id ? 'primary' : 'secondary'}
              onClick={() => setParams({ voice_id: v.voice_id })}
            >
              {v.name}
            </Button>
          ))}
        </nav>
      ) : null}
      {selected ? (
        <VoicePanel voice={selected} />
      ) : voices.isLoading ? null : (
        <p className="text-sm text-zinc-500">No professional voices yet.</p>
      )}
    </div>
  );
}
