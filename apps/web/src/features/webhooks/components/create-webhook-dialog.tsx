import type { CreateWebhookBody } from '@vocalis/contracts/webhooks';
import { WEBHOOK_EVENTS, type WebhookScope } from '@vocalis/domain/webhook-events';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { showErrorToast } from '@/lib/error-toast';

import { useCreateWebhook } from '../api/create-webhook';

type Props = { scope: WebhookScope; open: boolean; onClose: () => void };

/** Name, URL, events and authentication (HMAC secret or OAuth2 client credentials); an HMAC secret is shown once. */
export function CreateWebhookDialog({ scope, open, onClose }: Props) {
  const create = useCreateWebhook(scope);
  const events = WEBHOOK_EVENTS.filter((e) => (e.scopes as readonly string[]).includes(scope));
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [auth, setAuth] = useState<'hmac' | 'oauth2'>('hmac');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [tokenUrl, setTokenUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);

  const close = () => {
    setName('');
    setUrl('');
    setAuth('hmac');
    setChosen(new Set());
    setClientId('');
    setClientSecret('');
    setTokenUrl('');
    setSecret(null);
    create.reset();
    onClose();
  };

  const valid =
    name.trim() !== '' &&
    url.trim() !== '' &&
    (auth === 'hmac' || (clientId.trim() !== '' && clientSecret !== '' && tokenUrl.trim() !== ''));

  const toggle = (type: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const base = { name: name.trim(), webhook_url: url.trim() };
    const body: CreateWebhookBody = {
      settings:
        auth === 'hmac'
          ? { auth_type: 'hmac', ...base }
          : {
              auth_type: 'oauth2',
              ...base,
              client_id: clientId.trim(),
              client_secret: clientSecret,
              token_url: tokenUrl.trim(),
            },
      events: events.map((e) => e.type).filter((t) => chosen.has(t)),
    };
    create.mutate(body, {
      onSuccess: (created) => (created.webhook_secret ? setSecret(created.webhook_secret) : close()),
      onError: (error) => showErrorToast(error),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={secret ? 'Your webhook secret' : 'Add webhook'}
      description={
        secret
          ? 'Verify the ElevenLabs-Signature header of each delivery with this secret. Copy it now: it is not shown again.'
          : undefined
      }
    >
      {secret ? (
        <div className="space-y-5">
          <div className="flex items-center gap-2">
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 truncate rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm select-all dark:bg-zinc-800"
            >
              {secret}
            </code>
            <CopyButton value={secret} />
          </div>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-5">
          <Field label="Name">
            {(id) => (
              <Input
                id={id}
                autoFocus
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field label="Callback URL" hint="Deliveries are POSTed here as JSON.">
            {(id) => (
              <Input
                id={id}
                type="url"
                placeholder="https://example.com/webhooks/vocalis"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Events</legend>
            {events.map((e) => (
              <label key={e.type} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={chosen.has(e.type)}
                  onChange={() => toggle(e.type)}
                />
                <span>
                  {e.label}
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">{e.description}</span>
                </span>
              </label>
            ))}
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Authentication</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="auth" checked={auth === 'hmac'} onChange={() => setAuth('hmac')} />
              HMAC signature (shared secret)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="auth"
                checked={auth === 'oauth2'}
                onChange={() => setAuth('oauth2')}
              />
              OAuth2 client credentials
            </label>
          </fieldset>
          {auth === 'oauth2' ? (
            <div className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
              <Field label="Token URL">
                {(id) => (
                  <Input id={id} type="url" value={tokenUrl} onChange={(e) => setTokenUrl(e.target.value)} />
                )}
              </Field>
              <Field label="Client ID">
                {(id) => <Input id={id} value={clientId} onChange={(e) => setClientId(e.target.value)} />}
              </Field>
              <Field label="Client secret">
                {(id) => (
                  <Input
                    id={id}
                    type="password"
                    autoComplete="off"
                    value={clientSecret}
                    onChange={(e) => setClientSecret(e.target.value)}
                  />
                )}
              </Field>
            </div>
          ) : null}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <LoadingButton type="submit" loading={create.isPending} disabled={!valid}>
              Add webhook
            </LoadingButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
