import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useAgents } from '../api/agents';
import {
  useAddPhoneNumber,
  useAssignAgent,
  useDeletePhoneNumber,
  usePhoneNumbers,
} from '../api/phone-numbers';
import { ConvaiTabs } from './convai-tabs';
import { card } from './styles';

const select =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950';

/** /app/conversational-ai/phone-numbers: Twilio numbers and SIP trunks, each answered by an agent. */
export function PhoneNumbersView() {
  const numbers = usePhoneNumbers();
  const agents = useAgents();
  const add = useAddPhoneNumber();
  const assign = useAssignAgent();
  const remove = useDeletePhoneNumber();
  const [provider, setProvider] = useState<'twilio' | 'sip_trunk'>('twilio');
  const [form, setForm] = useState({
    phone: '',
    label: '',
    sid: '',
    token: '',
    address: '',
    username: '',
    password: '',
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const fail = (e: unknown) => toast.error(errorToastMessage(e));
  const input = (label: string, k: keyof typeof form, type = 'text') => (
    <Field label={label}>
      {(id) => (
        <Input
          id={id}
          type={type}
          value={form[k]}
          onChange={set(k)}
          required={!['username', 'password'].includes(k)}
        />
      )}
    </Field>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6">
      <ConvaiTabs />
      <section className={card} aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-base font-semibold">
          Import a phone number
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Calls to the number are answered by its agent; agents call out from it. The auth token and trunk
          password are stored encrypted and never shown again.
        </p>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            const common = { phone_number: form.phone, label: form.label };
            add.mutate(
              provider === 'twilio'
                ? { provider, ...common, sid: form.sid, token: form.token }
                : {
                    provider,
                    ...common,
                    outbound_trunk_config: {
                      address: form.address,
                      ...(form.username
                        ? {
                            credentials: {
                              username: form.username,
                              ...(form.password ? { password: form.password } : {}),
                            },
                          }
                        : {}),
                    },
                  },
              {
                onSuccess: () => {
                  setForm({
                    phone: '',
                    label: '',
                    sid: '',
                    token: '',
                    address: '',
                    username: '',
                    password: '',
                  });
                  toast.success('Phone number imported.');
                },
                onError: fail,
              },
            );
          }}
        >
          <Field label="Provider">
            {(id) => (
              <select
                id={id}
                className={select}
                value={provider}
                onChange={(e) => setProvider(e.target.value as 'twilio')}
              >
                <option value="twilio">Twilio</option>
                <option value="sip_trunk">SIP trunk</option>
              </select>
            )}
          </Field>
          {input('Phone number', 'phone')}
          {input('Label', 'label')}
          {provider === 'twilio' ? (
            <>
              {input('Account SID', 'sid')}
              {input('Auth token', 'token', 'password')}
            </>
          ) : (
            <>
              {input('Trunk address (host:port)', 'address')}
              {input('SIP user name (optional)', 'username')}
              {input('SIP password (optional)', 'password', 'password')}
            </>
          )}
          <div className="sm:col-span-2">
            <LoadingButton type="submit" loading={add.isPending}>
              Import number
            </LoadingButton>
          </div>
        </form>
      </section>
      <section className={card} aria-labelledby="numbers-heading">
        <h2 id="numbers-heading" className="text-base font-semibold">
          Phone numbers
        </h2>
        {numbers.data?.length === 0 && <p className="mt-2 text-sm text-zinc-500">No phone numbers yet.</p>}
        <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
          {numbers.data?.map((n) => (
            <li key={n.phone_number_id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-48 flex-1">
                <div className="font-medium">{n.label}</div>
                <div className="text-sm text-zinc-500">
                  {n.phone_number} ·{' '}
                  {n.provider === 'twilio' ? 'Twilio' : `SIP trunk ${n.outbound_trunk?.address ?? ''}`}
                </div>
              </div>
              <label className="text-sm">
                <span className="sr-only">Agent for {n.label}</span>
                <select
                  className={select}
                  value={n.assigned_agent?.agent_id ?? ''}
                  onChange={(e) =>
                    assign.mutate(
                      { id: n.phone_number_id, agentId: e.target.value || null },
                      { onError: fail },
                    )
                  }
                >
                  <option value="">No agent</option>
                  {agents.data?.agents.map((a) => (
                    <option key={a.agent_id} value={a.agent_id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </label>
              <Button variant="ghost" onClick={() => remove.mutate(n.phone_number_id, { onError: fail })}>
                Delete {n.label}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
