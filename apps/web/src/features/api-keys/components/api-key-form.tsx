import { PERMISSION_TYPES, type ApiKeyPermissions, type PermissionType } from '@vocalis/contracts/api-keys';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { NumberInput } from '@/components/ui/number-input';

export type ApiKeyFormValues = {
  name: string;
  permissions: ApiKeyPermissions;
  characterLimit: number | null;
};

type ApiKeyFormProps = {
  initial?: ApiKeyFormValues;
  submitText: string;
  pending: boolean;
  onSubmit: (values: ApiKeyFormValues) => void;
  onCancel: () => void;
};

const scopeLabel = (scope: string) => {
  const text = scope.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Name, permissions ('all' or chosen scopes) and an optional character limit of an API key. */
export function ApiKeyForm({ initial, submitText, pending, onSubmit, onCancel }: ApiKeyFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [all, setAll] = useState(initial ? initial.permissions === 'all' : true);
  const [scopes, setScopes] = useState<Set<PermissionType>>(
    new Set(initial && initial.permissions !== 'all' ? initial.permissions : []),
  );
  const [limited, setLimited] = useState(initial?.characterLimit != null);
  const [limit, setLimit] = useState(initial?.characterLimit != null ? String(initial.characterLimit) : '');

  const limitValue = Number(limit);
  const limitValid = !limited || (limit.trim() !== '' && Number.isInteger(limitValue) && limitValue >= 0);
  const valid = name.trim() !== '' && (all || scopes.size > 0) && limitValid;

  const toggle = (scope: PermissionType) =>
    setScopes((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onSubmit({
      name: name.trim(),
      permissions: all ? 'all' : PERMISSION_TYPES.filter((scope) => scopes.has(scope)),
      characterLimit: limited ? limitValue : null,
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <Field label="Name">
        {(id) => (
          <Input id={id} autoFocus maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Permissions</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="permissions" checked={all} onChange={() => setAll(true)} />
          All permissions
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="permissions" checked={!all} onChange={() => setAll(false)} />
          Only the selected ones
        </label>
        {!all ? (
          <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-700">
            {PERMISSION_TYPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-xs">
                <input type="checkbox" checked={scopes.has(scope)} onChange={() => toggle(scope)} />
                {scopeLabel(scope)}
              </label>
            ))}
          </div>
        ) : null}
      </fieldset>

      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" checked={limited} onChange={(e) => setLimited(e.target.checked)} />
          Limit characters
        </label>
        {limited ? (
          <Field label="Character limit">
            {(id) => (
              <NumberInput
                id={id}
                min={0}
                step={1}
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
            )}
          </Field>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <LoadingButton type="submit" loading={pending} disabled={!valid}>
          {submitText}
        </LoadingButton>
      </div>
    </form>
  );
}
