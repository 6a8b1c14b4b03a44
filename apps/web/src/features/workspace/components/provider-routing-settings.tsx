import type { IdentityProvider } from '@vocalis/contracts/sso';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useUpdateProvider, type ProviderChange } from '../api/sso-api';

/**
 * Which addresses a provider signs in (decision 265) and, for SAML, IdP-initiated sign-in (decision 267):
 * enabled, its domains (none: the workspace's default provider), allow unsolicited responses.
 */
export function ProviderRoutingSettings({
  provider,
  canChange,
}: {
  provider: IdentityProvider;
  canChange: boolean;
}) {
  const update = useUpdateProvider();
  const [domains, setDomains] = useState(provider.domains.join(', '));
  const change = (c: ProviderChange, done: string) =>
    update.mutate(
      { id: provider.provider_id, change: c },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(errorToastMessage(err)),
      },
    );
  const saveDomains = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const list = domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    change({ domains: list }, `Domains of ${provider.name} saved.`);
  };
  const disabled = !canChange || update.isPending;
  return (
    <div className="mt-2 flex flex-col gap-2 text-xs text-zinc-700 dark:text-zinc-300">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={provider.enabled}
          disabled={disabled}
          onChange={(e) =>
            change(
              { enabled: e.target.checked },
              `${provider.name} ${e.target.checked ? 'enabled' : 'disabled'}.`,
            )
          }
        />
        Enabled for sign-in
      </label>
      {provider.type === 'saml' ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={provider.idp_initiated_enabled}
            disabled={disabled}
            onChange={(e) =>
              change(
                { idp_initiated_enabled: e.target.checked },
                `IdP-initiated sign-in ${e.target.checked ? 'allowed' : 'turned off'}.`,
              )
            }
          />
          Allow sign-in started at the identity provider (IdP-initiated)
        </label>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={saveDomains}
        aria-label={`Routing of ${provider.name}`}
      >
        <label className="flex flex-1 flex-col gap-1 font-medium">
          Signs in addresses of
          <Input
            value={domains}
            disabled={!canChange}
            placeholder="All verified domains no other provider names"
            onChange={(e) => setDomains(e.target.value)}
          />
        </label>
        {canChange ? (
          <Button type="submit" size="sm" variant="secondary" disabled={update.isPending}>
            Save domains
          </Button>
        ) : null}
      </form>
    </div>
  );
}
