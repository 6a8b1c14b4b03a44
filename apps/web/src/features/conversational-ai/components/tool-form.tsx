import { WEBHOOK_METHODS } from '@vocalis/domain/conversational-ai/webhook-tool';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input, inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';

import { useSecrets } from '../api/secrets';
import { useSaveTool } from '../api/tools';
import { serverProblems } from '../lib/server-problems';
import { toolConfigOf, type ToolEdit } from '../lib/tool-edit';
import { textarea } from './styles';
import { HeaderRows, ParameterRows } from './tool-rows';

/** Create or edit a webhook or client tool; what the server refuses is listed above the buttons. */
export function ToolForm(props: { id?: string; initial: ToolEdit; onDone(): void }) {
  const [edit, setEdit] = useState(props.initial);
  const [problems, setProblems] = useState<string[]>([]);
  const secrets = useSecrets();
  const save = useSaveTool();
  const set = <K extends keyof ToolEdit>(key: K, value: ToolEdit[K]) =>
    setEdit((e) => ({ ...e, [key]: value }));
  const webhook = edit.type === 'webhook';
  return (
    <form
      className="space-y-4"
      aria-label={props.id ? `Edit ${props.initial.name}` : `New ${edit.type} tool`}
      onSubmit={(e) => {
        e.preventDefault();
        setProblems([]);
        save.mutate(
          { id: props.id, config: toolConfigOf(edit) },
          {
            onSuccess: (t) => {
              toast.success(`Tool ${String(t.tool_config.name)} saved.`);
              props.onDone();
            },
            onError: (err) => setProblems(serverProblems(err)),
          },
        );
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tool name" hint="Letters, digits, _ and -; the language model calls the tool by it.">
          {(id) => <Input id={id} value={edit.name} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label="Response timeout (seconds)" hint="1 to 120; empty for 20.">
          {(id) => (
            <Input
              id={id}
              inputMode="numeric"
              value={edit.timeout}
              onChange={(e) => set('timeout', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Description" hint="Tells the language model when to use the tool.">
        {(id) => (
          <textarea
            id={id}
            rows={2}
            className={textarea}
            value={edit.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      {webhook ? (
        <>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <Field label="Method">
              {(id) => (
                <select
                  id={id}
                  className={inputClasses}
                  value={edit.method}
                  onChange={(e) => set('method', e.target.value as ToolEdit['method'])}
                >
                  {WEBHOOK_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="URL">
              {(id) => (
                <Input
                  id={id}
                  value={edit.url}
                  placeholder="https://api.example.com/orders/{order_id}"
                  onChange={(e) => set('url', e.target.value)}
                />
              )}
            </Field>
          </div>
          <HeaderRows
            rows={edit.headers}
            secrets={secrets.data?.secrets ?? []}
            onChange={(rows) => set('headers', rows)}
          />
        </>
      ) : (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={edit.expectsResponse}
            onChange={(e) => set('expectsResponse', e.target.checked)}
          />
          Wait for the page’s answer (expects a response)
        </label>
      )}
      <ParameterRows rows={edit.parameters} webhook={webhook} onChange={(rows) => set('parameters', rows)} />
      {problems.length ? (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-medium">The tool was not saved:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex gap-2">
        <LoadingButton type="submit" loading={save.isPending}>
          {props.id ? 'Save tool' : 'Create tool'}
        </LoadingButton>
        <Button variant="secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
