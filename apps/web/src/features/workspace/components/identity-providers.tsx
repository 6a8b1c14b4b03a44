import type { DomainVerification, IdentityProvider } from '@vocalis/contracts/sso';
import { SSO_MESSAGES } from '@vocalis/domain/workspace/sso-rules';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useAddDomain,
  useAutoProvisioning,
  useCreateProvider,
  useDeleteProvider,
  useDomains,
  useIdentityProviders,
  useSetAutoProvisioning,
  useVerifyDomain,
  type NewProvider,
} from '../api/sso-api';
import { ProviderRoutingSettings } from './provider-routing-settings';

const box = 'rounded-xl border border-zinc-200 p-4 dark:border-zinc-800';
const label = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';

function ProviderRow({ provider, canChange }: { provider: IdentityProvider; canChange: boolean }) {
  const remove = useDeleteProvider();
  const facts =
    provider.type === 'oidc'
      ? [
          ['Issuer', provider.issuer],
          ['Client ID', provider.client_id],
          ['Redirect URI', provider.redirect_uri],
        ]
      : [
          ['IdP entity ID', provider.identity_provider_entity_id],
          ['Sign-in URL', provider.sso_url],
          ['Our entity ID (metadata)', provider.sp_entity_id],
          ['Assertion consumer service URL', provider.acs_url],
        ];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="text-sm font-medium text-zinc-900 dark:text-white">
          {provider.name} <span className="text-xs uppercase text-zinc-500">{provider.type}</span>
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt>{k}</dt>
              <dd className="truncate font-mono">{v}</dd>
            </div>
          ))}
        </dl>
        <ProviderRoutingSettings provider={provider} canChange={canChange} />
      </div>
      {canChange ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(provider.provider_id, {
              onSuccess: () => toast.success('Identity provider removed.'),
              onError: (err) => toast.error(errorToastMessage(err)),
            })
          }
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

function ProviderForm() {
  const create = useCreateProvider();
  const [type, setType] = useState<'oidc' | 'saml'>('oidc');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '').trim();
    const body: NewProvider =
      type === 'oidc'
        ? {
            type,
            name: get('name') || undefined,
            issuer: get('issuer'),
            client_id: get('client_id'),
            client_secret: get('client_secret'),
          }
        : {
            type,
            name: get('name') || undefined,
            identity_provider_entity_id: get('entity_id'),
            sso_url: get('sso_url'),
            certificate: get('certificate'),
          };
    const form = e.currentTarget;
    create.mutate(body, {
      onSuccess: () => {
        toast.success('Identity provider added.');
        form.reset();
      },
      onError: (err) => toast.error(errorToastMessage(err)),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-3 border-t border-zinc-200 pt-3 dark:border-zinc-800"
      aria-label="Add identity provider"
    >
      <div className="flex gap-4 text-sm">
        {(['oidc', 'saml'] as const).map((t) => (
          <label key={t} className="flex items-center gap-1">
            <input type="radio" name="type" checked={type === t} onChange={() => setType(t)} />
            {t === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}
          </label>
        ))}
      </div>
      <label className={label}>
        Name
        <Input name="name" placeholder="Acme SSO" />
      </label>
      {type === 'oidc' ? (
        <>
          <label className={label}>
            Issuer URL
            <Input name="issuer" required type="url" placeholder="https://login.example.com" />
          </label>
          <label className={label}>
            Client ID
            <Input name="client_id" required />
          </label>
          <label className={label}>
            Client secret
            <Input name="client_secret" required type="password" autoComplete="off" />
          </label>
        </>
      ) : (
        <>
          <label className={label}>
            IdP entity ID
            <Input name="entity_id" required />
          </label>
          <label className={label}>
            IdP sign-in URL
            <Input name="sso_url" required type="url" />
          </label>
          <label className={label}>
            Signing certificate (PEM)
            <textarea
              name="certificate"
              required
              rows={4}
              className="rounded-lg border border-zinc-200 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
        </>
      )}
      <div>
        <Button type="submit" size="sm" disabled={create.isPending}>
          Add identity provider
        </Button>
      </div>
    </form>
  );
}

function DomainRow({ domain }: { domain: DomainVerification }) {
  const verify = useVerifyDomain();
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-zinc-900 dark:text-white">{domain.domain}</span>
        {domain.verified ? (
          <span className="text-xs font-medium text-emerald-600">Verified</span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={verify.isPending}
            onClick={() =>
              verify.mutate(domain.domain_id, {
                onSuccess: () => toast.success(`${domain.domain} verified.`),
                onError: (err) => toast.error(errorToastMessage(err)),
              })
            }
          >
            Verify
          </Button>
        )}
      </div>
      {!domain.verified ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Add a TXT record named <code className="font-mono">{domain.txt_record_name}</code> with the value{' '}
          <code className="font-mono">{domain.txt_record_value}</code>, then verify.
        </p>
      ) : null}
    </li>
  );
}

function Domains() {
  const domains = useDomains(true);
  const add = useAddDomain();
  const [value, setValue] = useState('');
  return (
    <div className={box}>
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">Verified domains</h3>
      <p className="text-xs text-zinc-500">
        Only addresses at verified domains sign in through your identity providers.
      </p>
      {domains.isPending ? <Spinner className="size-4" /> : null}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {domains.data?.domains.map((d) => (
          <DomainRow key={d.domain_id} domain={d} />
        ))}
      </ul>
      <form
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(value, {
            onSuccess: () => setValue(''),
            onError: (err) => toast.error(errorToastMessage(err)),
          });
        }}
      >
        <Input
          aria-label="Domain"
          placeholder="example.com"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={!value.trim() || add.isPending}>
          Add domain
        </Button>
      </form>
    </div>
  );
}

function AutoProvisioning({ canChange }: { canChange: boolean }) {
  const settings = useAutoProvisioning();
  const set = useSetAutoProvisioning();
  if (!settings.data) return null;
  const s = settings.data;
  return (
    <div className={`${box} flex items-center justify-between gap-3`}>
      <div>
        <div className="text-sm font-medium text-zinc-900 dark:text-white">User auto-provisioning</div>
        <div className="text-xs text-zinc-500">
          {s.enabled && s.enabled_at_unix
            ? `On since ${new Date(s.enabled_at_unix * 1000).toLocaleString()}${s.enabled_by_user_email ? ` (by ${s.enabled_by_user_email})` : ''}: a first single sign-on from a verified domain creates the account and the membership.`
            : 'Off: only existing members sign in through single sign-on.'}
        </div>
      </div>
      <input
        type="checkbox"
        aria-label="User auto-provisioning"
        className="size-4"
        disabled={!canChange || set.isPending}
        checked={s.enabled}
        onChange={(e) =>
          set.mutate(e.target.checked, { onError: (err) => toast.error(errorToastMessage(err)) })
        }
      />
    </div>
  );
}

/** The security page's single sign-on part: identity providers, verified domains, auto-provisioning. */
export function IdentityProviders({ canChange }: { canChange: boolean }) {
  const providers = useIdentityProviders();
  return (
    <section aria-label="Single sign-on" className="space-y-3">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-white">Single sign-on</h2>
      <div className={box}>
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">Identity providers</h3>
        {providers.isPending ? (
          <Spinner className="size-4" />
        ) : providers.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {SSO_MESSAGES.fetchProvidersFailed}
          </p>
        ) : providers.data.identity_providers.length === 0 ? (
          <p className="text-xs text-zinc-500">No identity provider is configured.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {providers.data.identity_providers.map((p) => (
              <ProviderRow key={p.provider_id} provider={p} canChange={canChange} />
            ))}
          </ul>
        )}
        {canChange ? <ProviderForm /> : null}
      </div>
      {canChange ? <Domains /> : null}
      <AutoProvisioning canChange={canChange} />
    </section>
  );
}
