import { Button } from '@/components/ui/button';
import { Input, inputClasses } from '@/components/ui/input';

import type { Secret } from '../api/secrets';
import { PARAMETER_TYPES, type HeaderRow, type ParameterRow, type ParameterType } from '../lib/tool-edit';

const select = inputClasses;

/** A webhook tool's headers: a fixed text, or a workspace secret opened only when the call is sent. */
export function HeaderRows(props: {
  rows: HeaderRow[];
  secrets: Secret[];
  onChange(rows: HeaderRow[]): void;
}) {
  const update = (i: number, patch: Partial<HeaderRow>) =>
    props.onChange(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Headers</legend>
      {props.rows.map((r, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[11rem_7rem_minmax(0,1fr)_auto] sm:items-center">
          <Input
            aria-label={`Header ${i + 1} name`}
            value={r.name}
            placeholder="Authorization"
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <select
            aria-label={`Header ${i + 1} source`}
            className={select}
            value={r.kind}
            onChange={(e) => update(i, { kind: e.target.value as HeaderRow['kind'] })}
          >
            <option value="text">Text</option>
            <option value="secret">Secret</option>
          </select>
          {r.kind === 'text' ? (
            <Input
              aria-label={`Header ${i + 1} value`}
              value={r.value}
              onChange={(e) => update(i, { value: e.target.value })}
            />
          ) : (
            <select
              aria-label={`Header ${i + 1} secret`}
              className={select}
              value={r.secretId}
              onChange={(e) => update(i, { secretId: e.target.value })}
            >
              <option value="">Choose a secret…</option>
              {props.secrets.map((s) => (
                <option key={s.secret_id} value={s.secret_id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove header ${i + 1}`}
            onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => props.onChange([...props.rows, { name: '', kind: 'text', value: '', secretId: '' }])}
      >
        Add header
      </Button>
    </fieldset>
  );
}

/** The parameters the language model fills in; a webhook tool sends each in the query or the body. */
export function ParameterRows(props: {
  rows: ParameterRow[];
  webhook: boolean;
  onChange(rows: ParameterRow[]): void;
}) {
  const update = (i: number, patch: Partial<ParameterRow>) =>
    props.onChange(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Parameters</legend>
      <p className="text-xs text-zinc-500">
        The language model fills these in when it calls the tool.
        {props.webhook ? ' Placeholders like {order_id} in the URL are parameters too.' : ''}
      </p>
      {props.rows.map((r, i) => (
        <div
          key={i}
          className={`grid gap-2 sm:items-center ${props.webhook ? 'sm:grid-cols-[9rem_7rem_6rem_minmax(0,1fr)_auto_auto]' : 'sm:grid-cols-[9rem_7rem_minmax(0,1fr)_auto_auto]'}`}
        >
          <Input
            aria-label={`Parameter ${i + 1} name`}
            value={r.name}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <select
            aria-label={`Parameter ${i + 1} type`}
            className={select}
            value={r.type}
            onChange={(e) => update(i, { type: e.target.value as ParameterType })}
          >
            {PARAMETER_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
          {props.webhook ? (
            <select
              aria-label={`Parameter ${i + 1} sent in`}
              className={select}
              value={r.where}
              onChange={(e) => update(i, { where: e.target.value as ParameterRow['where'] })}
            >
              <option value="body">Body</option>
              <option value="query">Query</option>
            </select>
          ) : null}
          <Input
            aria-label={`Parameter ${i + 1} description`}
            placeholder="What the model should put here"
            value={r.description}
            onChange={(e) => update(i, { description: e.target.value })}
          />
          <label className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              aria-label={`Parameter ${i + 1} required`}
              checked={r.required}
              onChange={(e) => update(i, { required: e.target.checked })}
            />
            Required
          </label>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove parameter ${i + 1}`}
            onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          props.onChange([
            ...props.rows,
            { name: '', type: 'string', description: '', required: true, where: 'body' },
          ])
        }
      >
        Add parameter
      </Button>
    </fieldset>
  );
}
