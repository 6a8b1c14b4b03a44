import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useCreateSecret, useDeleteSecret, useSecrets } from '../api/secrets';
import { card } from './styles';

/** Workspace secrets: stored encrypted, named here, never shown again (decision 151). */
export function SecretsCard() {
  const secrets = useSecrets();
  const create = useCreateSecret();
  const remove = useDeleteSecret();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const fail = (e: unknown) => toast.error(errorToastMessage(e));
  return (
    <section className={card} aria-labelledby="secrets-heading">
      <h2 id="secrets-heading" className="text-base font-semibold">
        Secrets
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        API keys and tokens for webhook tool headers. Stored encrypted; their values are never shown again.
      </p>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, value },
            {
              onSuccess: () => {
                toast.success(`Secret ${name} stored.`);
                setName('');
                setValue('');
              },
              onError: fail,
            },
          );
        }}
      >
        <Field label="Secret name">
          {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Secret value">
          {(id) => (
            <Input
              id={id}
              type="password"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </Field>
        <LoadingButton type="submit" loading={create.isPending} disabled={!name.trim() || !value}>
          Add secret
        </LoadingButton>
      </form>
      {secrets.data?.secrets.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-500">No secrets yet.</p>
      ) : null}
      <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="secrets">
        {secrets.data?.secrets.map((s) => (
          <li key={s.secret_id} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{s.name}</span> · value hidden
              {s.used_by.tools.length ? ` · sent by ${s.used_by.tools.map((t) => t.name).join(', ')}` : ''}
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete secret ${s.name}`}
              onClick={() => remove.mutate(s.secret_id, { onError: fail })}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
