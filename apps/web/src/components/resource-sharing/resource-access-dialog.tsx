import type { ResourceMetadata } from '@vocalis/contracts/workspace-resources';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';
import { type SharedResource, useChangeAccess, useResourceAccess } from '@/lib/resource-sharing';

import { AccessList, ROLE_LABELS, selectClasses, type GrantRole } from './access-list';
import { TransferOwnership } from './transfer-ownership';

const NOUNS: Record<SharedResource['type'], string> = {
  voice: 'voice',
  history_item: 'generation',
  studio_projects: 'project',
  project: 'project',
  pronunciation_dictionary: 'dictionary',
  dubbing: 'dubbing',
  convai_agents: 'agent',
  convai_knowledge_base_documents: 'document',
  convai_tools: 'tool',
};

/**
 * Who in the workspace has access to one resource (decision 165): the creator, each member's or group's
 * grant and the workspace default. Someone with admin access adds, changes and removes grants and can make
 * the resource private to its grantees (unshare `default`); others read the same list.
 */
const GROUP_LABELS = { user: 'Members', group: 'Groups', key: 'Service accounts' } as const;

export function ResourceAccessDialog({
  resource,
  name,
  onClose,
}: {
  /** The resource to show; null closes the dialog. */
  resource: SharedResource | null;
  /** Its name, shown while its metadata loads. */
  name?: string;
  onClose: () => void;
}) {
  const meta = useResourceAccess(resource);
  const noun = resource ? NOUNS[resource.type] : 'resource';
  return (
    <Modal
      open={resource !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Share ${meta.data?.resource_name ?? name ?? `this ${noun}`}`}
      description={`Choose who in your workspace can use this ${noun}.`}
    >
      {meta.isPending ? (
        <p className="flex items-center gap-2 text-sm text-zinc-500">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : meta.isError ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errorToastMessage(meta.error, `Who has access to this ${noun} could not be loaded.`)}
        </p>
      ) : resource ? (
        <AccessEditor
          key={`${resource.type}:${resource.id}`}
          resource={resource}
          meta={meta.data}
          noun={noun}
        />
      ) : null}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

function AccessEditor({
  resource,
  meta,
  noun,
}: {
  resource: SharedResource;
  meta: ResourceMetadata;
  noun: string;
}) {
  const change = useChangeAccess(resource);
  const canManage = meta.your_role === 'admin';
  const taken = new Set(meta.grants.map((g) => g.grantee_id));
  // Service accounts are offered by their API keys (a grant goes to the account behind the key).
  const options = meta.share_options.filter((o) => !taken.has(o.id) && o.id !== meta.creator_user_id);
  const [grantee, setGrantee] = useState('');
  const [role, setRole] = useState<GrantRole>('viewer');

  const setBaseline = (value: string) => {
    if (value === 'none') {
      change.mutate(
        { kind: 'unshare', body: { group_id: 'default' } },
        { onSuccess: () => toast.success(`Only people with access can use this ${noun} now`) },
      );
    } else {
      change.mutate(
        { kind: 'share', body: { group_id: 'default', role: value as GrantRole } },
        { onSuccess: () => toast.success('Workspace access updated') },
      );
    }
  };

  const add = () => {
    const option = options.find((o) => o.id === grantee);
    if (!option) return;
    const target =
      option.type === 'group'
        ? { group_id: option.id }
        : option.type === 'key'
          ? { workspace_api_key_id: option.id }
          : { user_email: option.name };
    change.mutate(
      { kind: 'share', body: { ...target, role } },
      {
        onSuccess: () => {
          toast.success(`Shared with ${option.name}`);
          setGrantee('');
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <section aria-label="Workspace access" className="space-y-2">
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Everyone in the workspace</h3>
        {canManage ? (
          <select
            aria-label="Everyone in the workspace"
            className={`${selectClasses} h-9 w-full`}
            value={meta.baseline_role}
            disabled={change.isPending}
            onChange={(e) => setBaseline(e.target.value)}
          >
            <option value="none">No access (only people listed below)</option>
            {(['viewer', 'editor', 'admin'] as const).map((r) => (
              <option key={r} value={r}>
                {`Can ${ROLE_LABELS[r]!.verb}`}
              </option>
            ))}
          </select>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="baseline">
            {meta.baseline_role === 'none'
              ? 'No access: only the people listed below.'
              : `${ROLE_LABELS[meta.baseline_role]?.label ?? meta.baseline_role}: every member can ${ROLE_LABELS[meta.baseline_role]?.verb ?? 'use it'}.`}
          </p>
        )}
      </section>

      <AccessList meta={meta} canManage={canManage} busy={change.isPending} change={change.mutate} />

      {canManage ? (
        <section aria-label="Add people" className="space-y-2">
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Add a member or group</h3>
          {options.length ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <select
                aria-label="Member or group"
                className={`${selectClasses} h-9 w-full min-w-0 sm:w-auto sm:flex-1`}
                value={grantee}
                onChange={(e) => setGrantee(e.target.value)}
              >
                <option value="">Choose a member or group</option>
                {(['user', 'group', 'key'] as const).map((type) =>
                  options.some((o) => o.type === type) ? (
                    <optgroup key={type} label={GROUP_LABELS[type]}>
                      {options
                        .filter((o) => o.type === type)
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                    </optgroup>
                  ) : null,
                )}
              </select>
              <div className="flex items-center gap-2">
                <select
                  aria-label="Role"
                  className={`${selectClasses} h-9 flex-1 sm:w-28`}
                  value={role}
                  onChange={(e) => setRole(e.target.value as GrantRole)}
                >
                  {(['viewer', 'editor', 'admin'] as const).map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]!.label}
                    </option>
                  ))}
                </select>
                <LoadingButton size="sm" loading={change.isPending} disabled={!grantee} onClick={add}>
                  Add
                </LoadingButton>
              </div>
            </div>
          ) : (
            <p className="text-sm text-zinc-500">Everyone in the workspace is already listed.</p>
          )}
        </section>
      ) : (
        <p className="text-sm text-zinc-500">Only admins of this {noun} can change who has access.</p>
      )}

      <TransferOwnership resource={resource} meta={meta} noun={noun} />
    </div>
  );
}
