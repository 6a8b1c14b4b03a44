import { Button } from '@/components/ui/button';
import { Input, inputClasses } from '@/components/ui/input';

import {
  DATA_FIELD_TYPES,
  type BehaviourEdit,
  type CriterionEdit,
  type DataFieldEdit,
} from '../lib/agent-behaviour';
import { textarea } from './styles';

/**
 * After each call the workspace's language model judges the evaluation criteria and fills the data fields
 * (decision 191); without a language model the conversation has no analysis.
 */
export function AgentAnalysisTab(props: { value: BehaviourEdit; onChange(value: BehaviourEdit): void }) {
  const { value, onChange } = props;
  const setCriterion = (i: number, patch: Partial<CriterionEdit>) =>
    onChange({ ...value, criteria: value.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setField = (i: number, patch: Partial<DataFieldEdit>) =>
    onChange({ ...value, data_fields: value.data_fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        After each call the workspace’s language model judges these goals and extracts these values from the
        transcript; the results are on the conversation in the call history. Without a language model calls
        are not analysed.
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Evaluation criteria</legend>
        {value.criteria.map((c, i) => (
          <div key={i} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <div className="flex gap-2">
              <Input
                aria-label={`Criterion ${i + 1} name`}
                placeholder="Solved"
                value={c.name}
                onChange={(e) => setCriterion(i, { name: e.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove criterion ${i + 1}`}
                onClick={() => onChange({ ...value, criteria: value.criteria.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </div>
            <textarea
              aria-label={`Criterion ${i + 1} goal`}
              rows={2}
              className={textarea}
              placeholder="The caller's question was answered."
              value={c.prompt}
              onChange={(e) => setCriterion(i, { prompt: e.target.value })}
            />
            {c.id ? <p className="text-xs text-zinc-500">Identifier: {c.id}</p> : null}
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange({ ...value, criteria: [...value.criteria, { id: '', name: '', prompt: '' }] })
          }
        >
          Add criterion
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Data collection</legend>
        {value.data_fields.map((f, i) => (
          <div key={i} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <div className="grid grid-cols-[minmax(0,1fr)_7rem_auto] items-center gap-2">
              <Input
                aria-label={`Data field ${i + 1} identifier`}
                placeholder="city"
                value={f.id}
                // Letters, digits and _ only: the identifier names the value in the results.
                onChange={(e) => setField(i, { id: e.target.value.replace(/[^A-Za-z0-9_]/g, '_') })}
              />
              <select
                aria-label={`Data field ${i + 1} type`}
                className={inputClasses}
                value={f.type}
                onChange={(e) => setField(i, { type: e.target.value as DataFieldEdit['type'] })}
              >
                {DATA_FIELD_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove data field ${i + 1}`}
                onClick={() =>
                  onChange({ ...value, data_fields: value.data_fields.filter((_, j) => j !== i) })
                }
              >
                Remove
              </Button>
            </div>
            <Input
              aria-label={`Data field ${i + 1} description`}
              placeholder="What to extract"
              value={f.description}
              onChange={(e) => setField(i, { description: e.target.value })}
            />
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange({
              ...value,
              data_fields: [...value.data_fields, { id: '', type: 'string', description: '' }],
            })
          }
        >
          Add data field
        </Button>
      </fieldset>
    </div>
  );
}
