import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../plugins/auth';
import { missingPermission } from '../api-keys/api-keys.service';

/** The caller's user id; an API key limited to scopes needs user_read to read billing, user_write to change it. */
export function billingCaller(request: FastifyRequest, scope: 'user_read' | 'user_write'): string {
  const p = requirePrincipal(request);
  if (p.via === 'api_key' && p.permissions && !p.permissions.includes(scope)) throw missingPermission(scope);
  return p.userId;
}
