/**
 * Webhook tools (decision 190): the function the language model sees for a tool's `api_schema`, and the HTTP
 * request built from the arguments it sends. Path parameters fill `{name}` in the URL, query parameters go to
 * the query string, the rest goes to the JSON body (for methods that have one).
 */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const DEFAULT_TOOL_TIMEOUT_SECS = 20;
export const MAX_TOOL_TIMEOUT_SECS = 120;
/** The most of a webhook's answer handed to the language model. */
export const MAX_TOOL_RESULT_CHARS = 8000;

export type WebhookApiSchema = {
  url: string;
  method?: string;
  path_params_schema?: Obj;
  query_params_schema?: { properties?: Obj; required?: string[] };
  request_body_schema?: { properties?: Obj; required?: string[] };
};

/** Names of `{name}` placeholders in a URL's path (not `{{dynamic}}` variables). */
export function pathParameters(url: string): string[] {
  return [...url.matchAll(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})/g)].map((m) => m[1]!);
}

/** The JSON schema of the function offered to the language model. */
export function webhookToolParameters(schema: WebhookApiSchema): Obj {
  const properties: Obj = {};
  const required = new Set<string>();
  const pathProps = obj(schema.path_params_schema);
  for (const name of pathParameters(schema.url)) {
    properties[name] = pathProps[name] ?? { type: 'string' };
    required.add(name);
  }
  const query = obj(schema.query_params_schema);
  Object.assign(properties, obj(query.properties));
  for (const r of (query.required as string[] | undefined) ?? []) required.add(r);
  const body = obj(schema.request_body_schema);
  Object.assign(properties, obj(body.properties));
  for (const r of (body.required as string[] | undefined) ?? []) required.add(r);
  return { type: 'object', properties, required: [...required] };
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The request for the model's arguments; `headers` are already resolved (secrets opened). */
export function buildWebhookRequest(
  schema: WebhookApiSchema,
  args: Obj,
  headers: Record<string, string>,
): { method: string; url: string; headers: Record<string, string>; body: string | null } {
  const method = (schema.method ?? 'GET').toUpperCase();
  const inPath = new Set(pathParameters(schema.url));
  let url = schema.url.replace(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})/g, (_, name: string) =>
    encodeURIComponent(args[name] === undefined ? '' : text(args[name])),
  );
  const queryNames = Object.keys(obj(obj(schema.query_params_schema).properties));
  const target = new URL(url);
  for (const name of queryNames)
    if (args[name] !== undefined && args[name] !== null) target.searchParams.set(name, text(args[name]));
  url = target.toString();
  const bodyNames = Object.keys(obj(obj(schema.request_body_schema).properties));
  const body: Obj = {};
  for (const name of bodyNames) if (args[name] !== undefined && !inPath.has(name)) body[name] = args[name];
  const hasBody = method !== 'GET' && method !== 'DELETE' && bodyNames.length > 0;
  return {
    method,
    url,
    headers: hasBody ? { 'content-type': 'application/json', ...headers } : { ...headers },
    body: hasBody ? JSON.stringify(body) : null,
  };
}

/** The answer handed back to the model: the body as text, cut to MAX_TOOL_RESULT_CHARS. */
export function toolResultText(status: number, body: string): { result: string; isError: boolean } {
  const cut = body.length > MAX_TOOL_RESULT_CHARS ? `${body.slice(0, MAX_TOOL_RESULT_CHARS)}…` : body;
  if (status >= 200 && status < 300) return { result: cut || `HTTP ${status}`, isError: false };
  return { result: `The tool's server answered HTTP ${status}: ${cut}`.trim(), isError: true };
}
