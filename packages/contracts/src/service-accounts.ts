import { z } from 'zod';
import { apiKey } from './api-keys';
import { visibleName } from './visible-name';

/** POST /v1/service-accounts (the SDK's body; default sharing groups are not supported yet). */
export const createServiceAccountBody = z.object({ name: visibleName(100) }).strict();

/** WorkspaceCreateServiceAccountResponseModel (the SDK's hyphenated key). */
export const createServiceAccountResponse = z
  .object({ 'service-account-user-id': z.string() })
  .meta({ id: 'CreatedServiceAccount' });

export const serviceAccount = z
  .object({
    service_account_user_id: z.string(),
    name: z.string(),
    created_at_unix: z.number().int(),
    'api-keys': z.array(apiKey),
  })
  .meta({ id: 'ServiceAccount' });

export const listServiceAccountsResponse = z
  .object({ 'service-accounts': z.array(serviceAccount) })
  .meta({ id: 'ServiceAccountList' });

export const serviceAccountIdParams = z.object({ service_account_user_id: z.string().min(1).max(64) });

export type ServiceAccount = z.infer<typeof serviceAccount>;
export type ListServiceAccountsResponse = z.infer<typeof listServiceAccountsResponse>;
