import type { ResourceMetadata } from '@vocalis/contracts/workspace-resources';

import { TrashIcon } from '@/components/ui/action-icons';
import type { useChangeAccess } from '@/lib/resource-sharing';

export type GrantRole = 'viewer' | 'commenter' | 'editor' | 'admin';

export const ROLE_LABELS: Record<string, { label: string; verb: string }> = {
  viewer: { label: 'Viewer', verb: 'view' },
  commenter: { label: 'Commenter', verb: 'view and comment' },
  editor: { label: 'Editor', verb: 'edit' },
  admin: { label: 'Admin', verb: 'edit and share' },
};

type Change = ReturnType<typeof useChangeAccess>['mutate'];

/** The creator and every member's or group's grant; admins change a role or remove the grant. */
export function AccessList({
  meta,
  canManage,
  busy,
  change,
}: {
  meta: ResourceMetadata;
  canManage: boolean;
  busy: boolean;
  change: Change;
}) {
  // The creator is listed once, as the creator (a grant they held before an ownership transfer adds nothing).
  const grants = meta.grants.filter(
    (g) =>
      g.grantee_type !== 'default' &&
      g.role !== 'none' &&
      !(g.grantee_type === 'user' && g.grantee_id === meta.creator_user_id),
  );
  const target = (g: (typeof grants)[number]) =>
    g.grantee_type === 'group' ? { group_id: g.grantee_id } : { user_email: g.name ?? '' };
  return (
    <section aria-label="People with access" className="space-y-2">
      <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">People with access</h3>
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {meta.creator_email ? (
          <li className="flex items-center gap-3 px-3 py-2.5 text-sm" aria-label={meta.creator_email}>
            <span className="min-w-0 flex-1 truncate text-zinc-900 dark:text-zinc-100">
              {meta.creator_email}
            </span>
            <span className="shrink-0 text-zinc-500">Creator</span>
          </li>
        ) : null}
        {grants.map((g) => {
          const name = g.name ?? (g.grantee_type === 'group' ? 'A removed group' : 'A former member');
          return (
            <li
              key={`${g.grantee_type}:${g.grantee_id}`}
              aria-label={name}
              data-testid="grant"
              className="flex items-center gap-3 px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-zinc-900 dark:text-zinc-100">{name}</span>
                <span className="text-xs text-zinc-500">
                  {g.grantee_type === 'group' ? 'Group' : 'Member'}
                </span>
              </span>
              {canManage && g.name ? (
                <>
                  <select
                    aria-label={`Role of ${name}`}
                    className={`${selectClasses} h-8 w-28 shrink-0`}
                    value={g.role}
                    disabled={busy}
                    onChange={(e) =>
                      change({ kind: 'share', body: { ...target(g), role: e.target.value as GrantRole } })
                    }
                  >
                    {(g.role === 'commenter'
                      ? (['viewer', 'commenter', 'editor', 'admin'] as const)
                      : (['viewer', 'editor', 'admin'] as const)
                    ).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]!.label}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    disabled={busy}
                    onClick={() => change({ kind: 'unshare', body: target(g) })}
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-rose-50 hover:text-rose-600 disabled:opacity-50 dark:hover:bg-rose-500/10"
                  >
                    <TrashIcon className="size-4" />
                  </button>
                </>
              ) : (
                <span className="shrink-0 text-zinc-500">{ROLE_LABELS[g.role]?.label ?? g.role}</span>
              )}
            </li>
          );
        })}
        {!meta.creator_email && !grants.length ? (
          <li className="px-3 py-2.5 text-sm text-zinc-500">No one has been given access yet.</li>
        ) : null}
      </ul>
    </section>
  );
}

/** The input look without its full width, for the dialog's selects. */
export const selectClasses =
  'block rounded-lg border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-sm transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:focus:border-indigo-400 dark:focus:ring-indigo-400/20';
