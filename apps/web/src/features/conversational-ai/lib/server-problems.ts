import { isHttpError } from '@/lib/api-client';
import { errorToastMessage } from '@/lib/error-toast';

/**
 * What the server said was wrong with a form, one line per problem: every entry of a 422's list (with the
 * field it names, below `tool_config`), or the one message of any other refusal.
 */
export function serverProblems(error: unknown): string[] {
  if (isHttpError(error) && error.status === 422) {
    const detail = (error.payload as { detail?: unknown } | null)?.detail;
    if (Array.isArray(detail) && detail.length)
      return detail.map((d: { loc?: unknown; msg?: unknown }) => {
        const loc = Array.isArray(d.loc)
          ? d.loc.filter((p) => p !== 'body' && p !== 'tool_config' && p !== 'api_schema').join('.')
          : '';
        const msg = typeof d.msg === 'string' ? d.msg : 'Invalid value';
        return loc ? `${loc}: ${msg}` : msg;
      });
  }
  return [errorToastMessage(error)];
}
