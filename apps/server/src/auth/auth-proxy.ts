import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth-hooks';

/** The request headers for better-auth, with the client IP as Fastify resolved it (honouring TRUST_PROXY). */
export function authRequestHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip); // replaces anything a client sent under that name
  return headers;
}

// What an error without a usable {"code","message"} body (an unknown path answers 404 `null`) says instead.
const BARE_ERRORS: Record<number, [string, string]> = {
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'Method not allowed.'],
  429: ['too_many_requests', 'Too many requests, please try again later.'],
};
const INTERNAL: [string, string] = ['internal_error', 'Something went wrong, please try again later.'];

/**
 * better-auth answers errors as {"code","message"}; the API's one error shape is
 * {"detail":{"status":<code>,"message":<text>}}, so /api/auth speaks it too. A suspended account's
 * sign-in failure also carries its appeal link (appeal_url), kept in detail. Errors with another body (or
 * none) get a code and message by status; a 5xx never tells its cause (logged by better-auth).
 */
export async function toErrorShape(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
  const body = isJson
    ? ((await res
        .clone()
        .json()
        .catch(() => null)) as {
        code?: unknown;
        message?: unknown;
        appeal_url?: unknown;
        detail?: unknown;
      } | null)
    : null;
  if (body && typeof body === 'object' && 'detail' in body) return res;
  let detail: Record<string, string>;
  if (res.status >= 500) detail = { status: INTERNAL[0], message: INTERNAL[1] };
  else if (body && typeof body.message === 'string') {
    const code = typeof body.code === 'string' && body.code ? body.code : 'error';
    const appeal: Record<string, string> =
      typeof body.appeal_url === 'string' ? { appeal_url: body.appeal_url } : {};
    detail = { status: code, message: body.message, ...appeal };
  } else {
    const [status, message] = BARE_ERRORS[res.status] ?? ['invalid_request', 'The request is not valid.'];
    detail = { status, message };
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ detail }), { status: res.status, headers });
}
