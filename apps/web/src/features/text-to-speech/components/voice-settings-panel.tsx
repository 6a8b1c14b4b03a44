import clsx from 'clsx';
import { useId } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';

import { isUnstable, SLIDERS, type SliderSpec, type VoiceSettingsValue } from '@/lib/voice-settings-bounds';

type VoiceSettingsPanelProps = {
  value: VoiceSettingsValue;
  onChange: (next: VoiceSettingsValue) => void;
  /** Back to the default settings. */
  onReset: () => void;
  /** Disables Reset when the values are the defaults already. */
  atDefaults?: boolean;
  /** Saves the values as the selected voice's settings; without it there is no Save button. */
  onSave?: () => void;
  saving?: boolean;
  /** The values differ from the voice's saved settings (Save is enabled only then). */
  changed?: boolean;
  /** Models without style or speaker boost hide those controls. */
  canUseStyle?: boolean;
  canUseSpeakerBoost?: boolean;
};

function Slider({
  spec,
  value,
  onChange,
}: {
  spec: SliderSpec;
  value: number;
  onChange: (v: number) => void;
}) {
  const id = useId();
  const unstable = isUnstable(spec, value);
  const pct = ((value - spec.min) / (spec.max - spec.min)) * 100;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium text-zinc-800 dark:text-zinc-200">
          {spec.label}
          {unstable ? ' ' : null}
          {unstable ? <span className="font-medium text-rose-600 dark:text-rose-400">- Unstable</span> : null}
        </label>
        <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {spec.key === 'speed' ? `${value.toFixed(2)}×` : `${Math.round(value * 100)}%`}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        // Filled track up to the thumb; red when beyond the warn bounds.
        style={{ ['--fill' as string]: `${pct}%` }}
        className={clsx(
          'h-1.5 w-full cursor-pointer appearance-none rounded-full bg-[linear-gradient(to_right,var(--track-fill)_var(--fill),var(--track-rest)_var(--fill))]',
          '[--track-rest:var(--color-zinc-200)] dark:[--track-rest:var(--color-zinc-700)]',
          unstable
            ? '[--track-fill:var(--color-rose-500)] accent-rose-500'
            : '[--track-fill:var(--color-zinc-900)] accent-zinc-900 dark:[--track-fill:var(--color-zinc-100)] dark:accent-zinc-100',
          '[&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border [&::-webkit-slider-thumb]:border-zinc-300 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow',
        )}
      />
      <div className="flex justify-between text-[11px] text-zinc-400 dark:text-zinc-500">
        <span>{spec.ends[0]}</span>
        <span>{spec.ends[1]}</span>
      </div>
    </div>
  );
}

/** Voice settings: speed 0.7–1.2, stability, similarity, style and speaker boost, with "- Unstable" warnings. */
export function VoiceSettingsPanel({
  value,
  onChange,
  onReset,
  atDefaults = false,
  onSave,
  saving = false,
  changed = false,
  canUseStyle = true,
  canUseSpeakerBoost = true,
}: VoiceSettingsPanelProps) {
  const boostId = useId();
  return (
    <div className="space-y-5">
      {SLIDERS.filter((s) => canUseStyle || s.key !== 'style').map((spec) => (
        <Slider
          key={spec.key}
          spec={spec}
          value={value[spec.key]}
          onChange={(v) => onChange({ ...value, [spec.key]: v })}
        />
      ))}
      {canUseSpeakerBoost ? (
        <label
          htmlFor={boostId}
          className="flex w-fit cursor-pointer items-center gap-2.5 text-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          <span className="relative inline-flex">
            <input
              id={boostId}
              type="checkbox"
              role="switch"
              checked={value.use_speaker_boost}
              onChange={(event) => onChange({ ...value, use_speaker_boost: event.currentTarget.checked })}
              className="peer sr-only"
            />
            <span className="h-5 w-9 rounded-full bg-zinc-300 transition peer-checked:bg-zinc-900 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500/60 dark:bg-zinc-700 dark:peer-checked:bg-zinc-100" />
            <span className="absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition peer-checked:translate-x-4 dark:peer-checked:bg-zinc-900" />
          </span>
          Speaker boost
        </label>
      ) : null}
      <div className="space-y-2.5 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        {onSave ? (
          <LoadingButton
            variant="secondary"
            size="sm"
            className="w-full"
            onClick={onSave}
            loading={saving}
            disabled={!changed}
          >
            Save as default for this voice
          </LoadingButton>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          {onSave ? (
            <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
              {changed ? 'Unsaved changes' : 'Saved for this voice'}
            </p>
          ) : (
            <span />
          )}
          <button
            type="button"
            onClick={onReset}
            disabled={atDefaults}
            className="text-xs font-medium text-zinc-500 hover:text-zinc-900 disabled:cursor-default disabled:opacity-50 disabled:hover:text-zinc-500 dark:text-zinc-400 dark:hover:text-white"
          >
            Reset values
          </button>
        </div>
      </div>
    </div>
  );
}
