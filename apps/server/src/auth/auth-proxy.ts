import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth-hooks';

/** The request headers for better-auth, with the client IP as Fastify resolved it (honouring TRUST_PROXY). */
export function authRequestHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip); // replaces anything a client sent under that name
  return headers;
}

/**
 * better-auth answers errors as {"code","message"}; the API's one error shape is
 * {"detail":{"status":<code>,"message":<text>}}, so /api/auth speaks it too. A suspended account's
 * sign-in failure also carries its appeal link (appeal_url), kept in detail.
 */
export async function toErrorShape(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown; appeal_url?: unknown } | null;
  if (!body || typeof body.message !== 'string' || 'detail' in body) return res;
  const code = typeof body.code === 'string' && body.code ? body.code : 'error';
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const appeal = typeof body.appeal_url === 'string' ? { appeal_url: body.appeal_url } : {};
  return new Response(JSON.stringify({ detail: { status: code, message: body.message, ...appeal } }), {
    status: res.status,
    headers,
  });
}
