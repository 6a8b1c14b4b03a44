import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ApiKeysList } from '@/features/api-keys/components/api-keys-list';
import { ServiceAccountsList } from '@/features/service-accounts/components/service-accounts-list';

/**
 * /app/workspace/service-accounts: the service accounts, each with its keys through the same API-key list as
 * a user's own (the keys live under /v1/service-accounts/{id}/api-keys either way).
 */
export default function ServiceAccountsRoute() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
        Service accounts
      </h2>
      <ErrorBoundary region="Service accounts">
        <ServiceAccountsList
          renderKeys={(id) => (
            <ApiKeysList userId={id} emptyText="This service account has no API keys yet." />
          )}
        />
      </ErrorBoundary>
    </div>
  );
}
