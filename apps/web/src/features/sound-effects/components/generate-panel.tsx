import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Field, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { errorToastMessage } from '@/lib/error-toast';

import { useGenerateSound } from '../api/sound-effects';
import { SoundPlayer } from './sound-player';

export const card =
  'rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60';

/** The generate tab: prompt, duration (or automatic), prompt influence, loop; play and download. */
export function GeneratePanel() {
  const [search] = useSearchParams();
  const [text, setText] = useState(search.get('prompt') ?? '');
  const [auto, setAuto] = useState(true);
  const [duration, setDuration] = useState(5);
  const [influence, setInfluence] = useState(0.3);
  const [loop, setLoop] = useState(false);
  const generate = useGenerateSound();

  const run = () =>
    generate.mutate({
      text: text.trim(),
      duration_seconds: auto ? null : duration,
      prompt_influence: influence,
      loop,
    });

  return (
    <div className="space-y-6">
      <section className={`${card} space-y-4`} aria-labelledby="sfx-prompt">
        <h2 id="sfx-prompt" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
          Describe the sound
        </h2>
        <textarea
          aria-label="Sound description"
          className={`${inputClasses} min-h-24`}
          maxLength={1000}
          placeholder="Heavy rain on a tin roof"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={auto ? 'Duration: automatic' : `Duration: ${duration.toFixed(1)} s`}>
            {(id) => (
              <div className="space-y-1">
                <input
                  id={id}
                  type="range"
                  min={0.5}
                  max={30}
                  step={0.5}
                  value={duration}
                  disabled={auto}
                  onChange={(e) => setDuration(Number(e.target.value))}
                  className="w-full"
                />
                <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                  <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
                  Automatic (the sound's usual length)
                </label>
              </div>
            )}
          </Field>
          <Field
            label={`Prompt influence: ${Math.round(influence * 100)} %`}
            hint="Higher follows the prompt exactly; lower varies more."
          >
            {(id) => (
              <input
                id={id}
                type="range"
                min={0}
                max={1}
                step={0.05}
                value={influence}
                onChange={(e) => setInfluence(Number(e.target.value))}
                className="w-full"
              />
            )}
          </Field>
          <Field label="Loop" hint="The end flows into the start, for seamless repeats.">
            {(id) => (
              <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                <input id={id} type="checkbox" checked={loop} onChange={(e) => setLoop(e.target.checked)} />
                Make a seamless loop
              </label>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-xs text-zinc-500">
            Built-in generator: procedural synthesis of rain, thunder, wind, waves, fire, engines, footsteps,
            clicks, whooshes, tones, interface sounds, alarms, heartbeats and noise.
          </p>
          <LoadingButton
            loading={generate.isPending}
            disabled={!text.trim()}
            onClick={run}
            className="sm:ml-auto"
          >
            Generate
          </LoadingButton>
        </div>
        {generate.error && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {errorToastMessage(generate.error)}
          </p>
        )}
      </section>
      {generate.data && (
        <section className={`${card} space-y-3`} aria-label="Generated sound">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {generate.data.seconds.toFixed(1)} s · {generate.data.categories.join(' + ')}
          </p>
          <SoundPlayer audio={generate.data.audio} name="sound-effect.mp3" label="Generated sound player" />
        </section>
      )}
    </div>
  );
}
