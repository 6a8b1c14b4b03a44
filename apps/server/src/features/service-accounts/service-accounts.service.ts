/**
 * Service accounts of a workspace (decision 122): users without sign-in whose API keys are made, limited and
 * revoked by the workspace's admins through the API-key machinery (features/api-keys), so their usage is
 * metered and attributed like anyone's.
 */
import type { ListServiceAccountsResponse } from '@vocalis/contracts/service-accounts';
import { administeredWorkspaceId, type WorkspaceCaller } from '../../auth/workspace-admin';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { presentApiKey } from '../api-keys/api-keys.presenter';
import { listApiKeys } from '../api-keys/api-keys.repo';
import * as repo from './service-accounts.repo';

export const serviceAccountNotFound = () =>
  notFound('Service account not found.', 'service_account_not_found');

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export class ServiceAccountsService {
  constructor(private readonly db: AppDb) {}

  async create(caller: WorkspaceCaller, name: string): Promise<string> {
    const workspaceId = administeredWorkspaceId(caller);
    const row = await repo.insertServiceAccount(this.db, {
      userId: newId(),
      workspaceId,
      name,
      createdBy: caller.userId,
    });
    return row.userId;
  }

  async list(caller: WorkspaceCaller): Promise<ListServiceAccountsResponse> {
    const rows = await repo.listServiceAccounts(this.db, administeredWorkspaceId(caller));
    const accounts = await Promise.all(
      rows.map(async (sa) => ({
        service_account_user_id: sa.userId,
        name: sa.name,
        created_at_unix: unix(sa.createdAt),
        'api-keys': (await listApiKeys(this.db, sa.userId)).map(presentApiKey),
      })),
    );
    return { 'service-accounts': accounts };
  }

  async delete(caller: WorkspaceCaller, serviceAccountUserId: string): Promise<void> {
    const workspaceId = administeredWorkspaceId(caller);
    if (!(await repo.deleteServiceAccount(this.db, workspaceId, serviceAccountUserId))) {
      throw serviceAccountNotFound();
    }
  }
}
