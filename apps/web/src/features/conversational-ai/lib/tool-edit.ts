/**
 * The Tools page's form (decision 250): a webhook or client tool as fields, read from and written back to the
 * SDK's `tool_config`. Parameters are edited as rows of simple properties (string, number, integer, boolean);
 * anything else a tool carries (nested schemas, fields the form does not show) is kept as it was.
 */
import type { ToolConfig } from '@vocalis/contracts/conversational-ai-tools';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export type ParameterRow = {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  /** Webhook tools: sent in the query string or the JSON body. Client tools ignore it. */
  where: 'query' | 'body';
};
export type HeaderRow = { name: string; kind: 'text' | 'secret'; value: string; secretId: string };

export type ToolEdit = {
  type: 'webhook' | 'client';
  name: string;
  description: string;
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: HeaderRow[];
  parameters: ParameterRow[];
  /** Seconds; empty for the server's default (20). */
  timeout: string;
  expectsResponse: boolean;
  /** The tool as stored, so fields the form does not edit survive a save. */
  base?: Obj;
};

export const newToolEdit = (type: ToolEdit['type']): ToolEdit => ({
  type,
  name: '',
  description: '',
  url: '',
  method: 'POST',
  headers: [],
  parameters: [],
  timeout: '',
  expectsResponse: false,
});

const isSimple = (p: unknown): p is { type: ParameterType; description?: string } =>
  PARAMETER_TYPES.includes(obj(p).type as ParameterType);

function rowsOf(schema: unknown, where: ParameterRow['where']): ParameterRow[] {
  const s = obj(schema);
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return Object.entries(obj(s.properties))
    .filter(([, p]) => isSimple(p))
    .map(([name, p]) => ({
      name,
      type: obj(p).type as ParameterType,
      description: typeof obj(p).description === 'string' ? (obj(p).description as string) : '',
      required: required.has(name),
      where,
    }));
}

/** An object schema of these rows, keeping the properties of `base` the rows cannot show. */
function schemaOf(rows: ParameterRow[], base: unknown): Obj | undefined {
  const b = obj(base);
  const kept = Object.entries(obj(b.properties)).filter(([, p]) => !isSimple(p));
  if (!rows.length && !kept.length) return undefined;
  const properties: Obj = Object.fromEntries(kept);
  for (const r of rows)
    properties[r.name] = { type: r.type, ...(r.description ? { description: r.description } : {}) };
  const keptRequired = (Array.isArray(b.required) ? (b.required as string[]) : []).filter((n) =>
    kept.some(([k]) => k === n),
  );
  const required = [...keptRequired, ...rows.filter((r) => r.required).map((r) => r.name)];
  return { ...b, type: 'object', properties, required };
}

/** The form's view of a stored webhook or client tool. */
export function toolEditOf(config: Obj): ToolEdit {
  const api = obj(config.api_schema);
  const headers = Object.entries(obj(api.request_headers)).map(([name, v]): HeaderRow =>
    typeof v === 'string'
      ? { name, kind: 'text', value: v, secretId: '' }
      : { name, kind: 'secret', value: '', secretId: String(obj(v).secret_id ?? '') },
  );
  const type = config.type === 'client' ? 'client' : 'webhook';
  return {
    type,
    name: String(config.name ?? ''),
    description: String(config.description ?? ''),
    url: String(api.url ?? ''),
    method: (api.method as ToolEdit['method'] | undefined) ?? 'GET',
    headers,
    parameters:
      type === 'client'
        ? rowsOf(config.parameters, 'body')
        : [...rowsOf(api.query_params_schema, 'query'), ...rowsOf(api.request_body_schema, 'body')],
    timeout: typeof config.response_timeout_secs === 'number' ? String(config.response_timeout_secs) : '',
    expectsResponse: config.expects_response === true,
    base: config,
  };
}

/** The `tool_config` the server gets for the form (it checks the rest and answers what is wrong). */
export function toolConfigOf(e: ToolEdit): ToolConfig {
  const base = e.base ?? {};
  const timeout = e.timeout.trim() === '' ? undefined : Number(e.timeout);
  const common = {
    ...base,
    name: e.name.trim(),
    description: e.description,
    response_timeout_secs: timeout,
  };
  if (e.type === 'client')
    return {
      ...common,
      type: 'client',
      parameters: schemaOf(e.parameters, base.parameters) ?? null,
      expects_response: e.expectsResponse,
    } as ToolConfig;
  const api = obj(base.api_schema);
  const named = e.headers.filter((h) => h.name.trim());
  return {
    ...common,
    type: 'webhook',
    api_schema: {
      ...api,
      url: e.url.trim(),
      method: e.method,
      request_headers: Object.fromEntries(
        named.map((h) => [h.name.trim(), h.kind === 'secret' ? { secret_id: h.secretId } : h.value]),
      ),
      query_params_schema: schemaOf(
        e.parameters.filter((p) => p.where === 'query'),
        api.query_params_schema,
      ),
      request_body_schema: schemaOf(
        e.parameters.filter((p) => p.where === 'body'),
        api.request_body_schema,
      ),
    },
  } as ToolConfig;
}
