import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
type Case = { op: string; method: string; url: string; body?: string; loc: (string | number)[] };

/** One request per string input of every documented operation, each with a NUL in that one input. */
function casesOf(doc: OpenApi): Case[] {
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]) : s;
  const isString = (s: Schema | undefined): boolean => {
    const r = resolve(s);
    if (!r) return false;
    if (r.type === 'string' || (Array.isArray(r.type) && r.type.includes('string'))) return true;
    return [...(r.anyOf ?? []), ...(r.oneOf ?? [])].some(isString);
  };
  const stringProps = (s: Schema | undefined): string[] => {
    const r = resolve(s);
    if (!r) return [];
    const own = Object.entries(r.properties ?? {})
      .filter(([, p]) => isString(p))
      .map(([name]) => name);
    return [...own, ...[...(r.allOf ?? []), ...(r.anyOf ?? []), ...(r.oneOf ?? [])].flatMap(stringProps)];
  };
  const cases: Case[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      const fill = (nul?: string) =>
        path.replace(/\{([^}]+)\}/g, (_m, p: string) => (p === nul ? 'a%00b' : 'x1'));
      const params = op.parameters ?? [];
      for (const p of params.filter((q) => q.in === 'path'))
        cases.push({ op: name, method, url: fill(p.name), loc: ['params', p.name] });
      for (const p of params.filter((q) => q.in === 'query' && isString(q.schema)))
        cases.push({ op: name, method, url: `${fill()}?${p.name}=a%00b`, loc: ['querystring', p.name] });
      const json = op.requestBody?.content?.['application/json']?.schema;
      for (const prop of new Set(stringProps(json)))
        cases.push({
          op: name,
          method,
          url: fill(),
          body: JSON.stringify({ [prop]: 'a\u0000b' }),
          loc: ['body', prop],
        });
    }
  }
  return cases;
}

describe(`NUL and control characters in any input on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let cases: Case[];
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    cases = casesOf((await (await app.request('/openapi.json')).json()) as OpenApi);
  });
  afterAll(() => app?.close());

  const send = (c: Pick<Case, 'method' | 'url' | 'body'>) =>
    app.request(c.url, {
      method: c.method.toUpperCase(),
      headers: {
        cookie: user.cookie,
        origin: app.config.publicUrl,
        ...(c.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: c.body,
    });

  it('answers 422 naming the input, never 500, for a NUL in each string input of every operation in /openapi.json', async () => {
    const operations = new Set(cases.map((c) => c.op));
    expect(operations.size).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await send(c);
      const body = (await res.json().catch(() => null)) as {
        detail?: { loc: unknown[]; type: string }[];
      } | null;
      const named =
        Array.isArray(body?.detail) &&
        body.detail.some(
          (d) => JSON.stringify(d.loc) === JSON.stringify(c.loc) && d.type === 'control_character',
        );
      if (res.status !== 422 || !named)
        wrong.push(`${c.op} ${JSON.stringify(c.loc)}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['/v1/voices/add', 'name'],
    ['/v1/similar-voices', 'similarity_threshold'],
  ])(
    'refuses NUL in the fields of a multipart body (%s, field %s) before the route reads them',
    async (url, field) => {
      const form = new FormData();
      form.append(field, 'bad\u0000value');
      form.append(url === '/v1/voices/add' ? 'files' : 'audio_file', new Blob([new Uint8Array(64)]), 'a.wav');
      const res = await app.request(url, {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey },
        body: form,
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: unknown[] }[] };
      expect(body.detail.map((d) => d.loc)).toContainEqual(['body', field]);
    },
  );

  it('refuses NUL in better-auth bodies too (sign-up with a NUL in the email)', async () => {
    const res = await send({
      method: 'post',
      url: '/api/auth/sign-up/email',
      body: JSON.stringify({ email: 'a\u0000@example.com', password: 'Str0ng-pass!', name: 'Ada' }),
    });
    expect(res.status).toBe(422);
  });

  it('reports every offending input of one request, nested ones with their path', async () => {
    const res = await send({
      method: 'post',
      url: '/v1/text-to-dialogue',
      body: JSON.stringify({
        inputs: [
          { text: 'fine', voice_id: 'v' },
          { text: 'bad\u001B[31m', voice_id: 'v' },
        ],
        'odd\u0000key': 1,
      }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: expect.arrayContaining([
        {
          loc: ['body', 'inputs', 1, 'text'],
          msg: 'Control characters are not allowed: U+001B in the value at position 3.',
          type: 'control_character',
        },
        {
          loc: ['body', 'odd\u0000key'],
          msg: 'Control characters are not allowed: U+0000 in the key at position 3.',
          type: 'control_character',
        },
      ]),
    });
  });

  it('refuses an unpaired surrogate (not Unicode) the same way', async () => {
    const res = await send({
      method: 'post',
      url: '/v1/user/send-password-reset-email',
      body: '{"email":"a\\ud800@example.com"}',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { type: string }[] }).detail[0]!.type).toBe('unpaired_surrogate');
  });

  it('lets tabs and newlines through (pasted text carries them)', async () => {
    const res = await send({
      method: 'post',
      url: '/v1/user/send-password-reset-email',
      body: JSON.stringify({ email: 'nobody@example.com', continue_url: '/usage' }),
    });
    expect(res.status).toBe(200);
    const text = await send({ method: 'get', url: '/v1/history?voice_id=%09x%0A' });
    expect(text.status).not.toBe(422);
  });
});
