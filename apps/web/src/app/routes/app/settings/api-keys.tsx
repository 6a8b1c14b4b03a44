import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ApiKeysList } from '@/features/api-keys/components/api-keys-list';
import { useUser } from '@/lib/auth';

/** /app/settings/api-keys. */
export default function ApiKeysRoute() {
  const user = useUser();
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">API keys</h2>
      <ErrorBoundary region="API keys">{user ? <ApiKeysList userId={user.id} /> : null}</ErrorBoundary>
    </div>
  );
}
