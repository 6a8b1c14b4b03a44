import { appRoutes } from '@vocalis/domain/app-routes';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import {
  MAX_DICTIONARIES,
  useDictionaryChoices,
  type DictionaryChoice,
  type DictionaryLocator,
} from '@/lib/pronunciation-dictionaries';

const shortVersion = (v: string | null) => (v ? v.slice(0, 8) : 'latest');
const rules = (n: number) => `${n} ${n === 1 ? 'rule' : 'rules'}`;

/**
 * Up to three pronunciation dictionaries, in the order they apply (decisions 133, 211): each with its name and
 * the version it is pinned to; a dictionary is added at its latest version. Used by text to speech and Studio.
 */
export function DictionaryPicker({
  value,
  onChange,
  disabled,
}: {
  value: DictionaryLocator[];
  onChange: (next: DictionaryLocator[]) => void;
  disabled?: boolean;
}) {
  const choices = useDictionaryChoices();
  const all = choices.data ?? [];
  const byId = new Map(all.map((d) => [d.id, d]));
  const addable = all.filter(
    (d) => !d.archived_time_unix && !value.some((l) => l.pronunciation_dictionary_id === d.id),
  );
  const add = (d: DictionaryChoice) =>
    onChange([...value, { pronunciation_dictionary_id: d.id, version_id: d.latest_version_id }]);
  const move = (i: number) =>
    onChange(value.map((l, k) => (k === i - 1 ? value[i]! : k === i ? value[i - 1]! : l)));

  return (
    <div className="space-y-2" role="group" aria-label="Pronunciation dictionaries">
      {value.length > 0 && (
        <ol aria-label="Applied dictionaries" className="space-y-1.5">
          {value.map((l, i) => {
            const d = byId.get(l.pronunciation_dictionary_id);
            const name = d?.name ?? 'Unknown dictionary';
            const stale = d && l.version_id && l.version_id !== d.latest_version_id;
            return (
              <li
                key={l.pronunciation_dictionary_id}
                className="flex items-center gap-2 rounded-lg border border-zinc-200 px-2.5 py-1.5 text-sm dark:border-zinc-700"
              >
                <span className="w-4 text-xs text-zinc-400">{i + 1}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-zinc-800 dark:text-zinc-100">{name}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    version {shortVersion(l.version_id)}
                    {stale ? ' (a newer version exists)' : d ? ` · ${rules(d.latest_version_rules_num)}` : ''}
                  </span>
                </span>
                {i > 0 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    aria-label={`Apply ${name} earlier`}
                    onClick={() => move(i)}
                  >
                    ↑
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={`Take ${name} off`}
                  onClick={() => onChange(value.filter((_, k) => k !== i))}
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {value.length < MAX_DICTIONARIES && (
        <select
          aria-label="Add a pronunciation dictionary"
          className={inputClasses}
          value=""
          disabled={disabled || choices.isPending || addable.length === 0}
          onChange={(e) => {
            const d = addable.find((x) => x.id === e.target.value);
            if (d) add(d);
          }}
        >
          <option value="">
            {choices.isPending
              ? 'Loading dictionaries…'
              : addable.length
                ? 'Add a dictionary…'
                : 'No dictionary to add'}
          </option>
          {addable.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} (version {shortVersion(d.latest_version_id)}, {rules(d.latest_version_rules_num)})
            </option>
          ))}
        </select>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Up to {MAX_DICTIONARIES}, applied in order. Alias rules work with every model; phoneme rules are
        spoken by eSpeak-NG.{' '}
        <Link to={appRoutes.pronunciationDictionaries.path} className="underline">
          Manage dictionaries
        </Link>
      </p>
    </div>
  );
}
