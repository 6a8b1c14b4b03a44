import { parseRecipientsCsv, type CsvResult } from '@vocalis/domain/conversational-ai/batch-recipients';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useAgents } from '../api/agents';
import { useBatch, useBatchAction, useBatches, useSubmitBatch } from '../api/batch-calls';
import { usePhoneNumbers } from '../api/phone-numbers';
import { ConvaiTabs } from './convai-tabs';
import { card } from './styles';

const select =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950';
const STATUS: Record<string, string> = {
  pending: 'Pending',
  initiated: 'Dialling',
  dispatched: 'Dialling',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  voicemail: 'Voicemail',
};

/** /app/conversational-ai/batch-calling: a CSV of recipients called by an agent, with each call's status. */
export function BatchCallsView() {
  const agents = useAgents();
  const numbers = usePhoneNumbers();
  const batches = useBatches();
  const submit = useSubmitBatch();
  const action = useBatchAction();
  const [name, setName] = useState('');
  const [agentId, setAgentId] = useState('');
  const [numberId, setNumberId] = useState('');
  const [when, setWhen] = useState('');
  const [limit, setLimit] = useState('');
  const [csv, setCsv] = useState<(CsvResult & { file: string }) | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const detail = useBatch(open);
  const fail = (e: unknown) => toast.error(errorToastMessage(e));
  const agent = agentId || agents.data?.agents[0]?.agent_id || '';
  const number = numberId || numbers.data?.[0]?.phone_number_id || '';
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6">
      <ConvaiTabs />
      <section className={card} aria-labelledby="batch-heading">
        <h2 id="batch-heading" className="text-base font-semibold">
          New batch call
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Upload a CSV file with a <code>phone_number</code> column; every other column becomes a dynamic
          variable of that call (for example <code>{'{{name}}'}</code> in the first message).
        </p>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!csv?.recipients.length || csv.errors.length) return;
            submit.mutate(
              {
                call_name: name,
                agent_id: agent,
                agent_phone_number_id: number,
                ...(when ? { scheduled_time_unix: Math.floor(new Date(when).getTime() / 1000) } : {}),
                ...(limit ? { target_concurrency_limit: Number(limit) } : {}),
                recipients: csv.recipients.map((r) => ({
                  phone_number: r.phone_number,
                  conversation_initiation_client_data: { dynamic_variables: r.dynamic_variables },
                })),
              },
              {
                onSuccess: (b) => {
                  setOpen(b.id);
                  setName('');
                  setCsv(null);
                  toast.success(`Batch "${b.name}" submitted.`);
                },
                onError: fail,
              },
            );
          }}
        >
          <Field label="Batch name">
            {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} required />}
          </Field>
          <Field label="Agent">
            {(id) => (
              <select id={id} className={select} value={agent} onChange={(e) => setAgentId(e.target.value)}>
                {agents.data?.agents.map((a) => (
                  <option key={a.agent_id} value={a.agent_id}>
                    {a.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Call from">
            {(id) => (
              <select id={id} className={select} value={number} onChange={(e) => setNumberId(e.target.value)}>
                {numbers.data?.map((n) => (
                  <option key={n.phone_number_id} value={n.phone_number_id}>
                    {n.label} ({n.phone_number})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Start at (empty: now)">
            {(id) => (
              <Input id={id} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
            )}
          </Field>
          <Field label="Calls at once (empty: the plan's limit)">
            {(id) => (
              <Input id={id} type="number" min={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
            )}
          </Field>
          <Field label="Recipients (CSV)">
            {(id) => (
              <input
                id={id}
                type="file"
                accept=".csv,text/csv"
                className="block text-sm"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  if (file) setCsv({ ...parseRecipientsCsv(await file.text()), file: file.name });
                }}
              />
            )}
          </Field>
          {csv && (
            <div className="text-sm sm:col-span-2" role="status">
              {csv.errors.length ? (
                <ul className="list-disc pl-5 text-red-600">
                  {csv.errors.slice(0, 10).map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : (
                <p>
                  {csv.file}: {csv.recipients.length} recipients
                </p>
              )}
            </div>
          )}
          <div className="sm:col-span-2">
            <LoadingButton
              type="submit"
              loading={submit.isPending}
              disabled={!csv?.recipients.length || !!csv.errors.length || !agent || !number}
            >
              Submit batch
            </LoadingButton>
          </div>
        </form>
      </section>
      <section className={card} aria-labelledby="batches-heading">
        <h2 id="batches-heading" className="text-base font-semibold">
          Batches
        </h2>
        {batches.data?.batch_calls.length === 0 && (
          <p className="mt-2 text-sm text-zinc-500">No batch calls yet.</p>
        )}
        <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
          {batches.data?.batch_calls.map((b) => (
            <li key={b.id} className="py-3">
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className="min-w-48 flex-1 text-left"
                  onClick={() => setOpen(open === b.id ? null : b.id)}
                >
                  <span className="font-medium">{b.name}</span>
                  <span className="block text-sm text-zinc-500">
                    {STATUS[b.status] ?? b.status} · {b.total_calls_finished} of {b.total_calls_scheduled}{' '}
                    calls done · {b.agent_name}
                  </span>
                </button>
                {(b.status === 'pending' || b.status === 'in_progress') && (
                  <Button
                    variant="secondary"
                    onClick={() => action.mutate({ id: b.id, action: 'cancel' }, { onError: fail })}
                  >
                    Cancel {b.name}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  onClick={() => action.mutate({ id: b.id, action: 'retry' }, { onError: fail })}
                >
                  Retry failed calls of {b.name}
                </Button>
              </div>
              {open === b.id && detail.data && (
                <table className="mt-3 w-full text-sm" aria-label={`Recipients of ${b.name}`}>
                  <thead>
                    <tr className="text-left text-zinc-500">
                      <th className="py-1">Phone number</th>
                      <th>Variables</th>
                      <th>Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.data.recipients.map((r) => (
                      <tr key={r.id} className="border-t border-zinc-100 dark:border-zinc-800">
                        <td className="py-1">{r.phone_number}</td>
                        <td>
                          {Object.entries(r.conversation_initiation_client_data?.dynamic_variables ?? {})
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(', ')}
                        </td>
                        <td>
                          {STATUS[r.status] ?? r.status}
                          {r.error ? ` (${r.error})` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
