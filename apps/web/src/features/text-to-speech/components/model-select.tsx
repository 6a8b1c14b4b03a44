import type { Model } from '@vocalis/contracts/models';
import clsx from 'clsx';

import { ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';

import { modelSummary } from '../lib/model-summary';

type ModelSelectProps = {
  models: Model[];
  value: string | null;
  onChange: (modelId: string) => void;
  loading?: boolean;
};

/** The model select; the choice is stored by the caller under the spec's "selected model" key. */
export function ModelSelect({ models, value, onChange, loading }: ModelSelectProps) {
  const current = models.find((m) => m.model_id === value);
  return (
    <div className="space-y-1.5">
      <div className="relative">
        <select
          id="tts-model"
          aria-label="Model"
          value={value ?? ''}
          disabled={loading || models.length === 0}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={clsx(inputClasses, 'h-11 cursor-pointer appearance-none rounded-xl pr-9')}
        >
          {models.length === 0 ? <option value="">{loading ? 'Loading models…' : 'No models'}</option> : null}
          {models.map((model) => (
            <option key={model.model_id} value={model.model_id}>
              {model.name}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500" />
      </div>
      {current ? (
        <p data-testid="model-summary" className="text-xs text-zinc-500 dark:text-zinc-400">
          {modelSummary(current)}
        </p>
      ) : null}
    </div>
  );
}
