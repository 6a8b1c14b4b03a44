import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apertiumTranslator, pairOfMode } from './apertium';
import { detectLanguage } from './detect-language';
import { chatTranslator, parseChatList } from './http-chat';
import { libreTranslateTranslator } from './http-libretranslate';
import { TranslatorSet, type Translator } from './translator';

const hasApertium = (() => {
  try {
    return execFileSync('apertium', ['-l'], { encoding: 'utf8' }).includes('eng-spa');
  } catch {
    return false;
  }
})();

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
};

describe('apertium modes', () => {
  it.each([
    ['eng-spa.mode', { from: 'en', to: 'es', mode: 'eng-spa' }],
    ['en-gl.mode', { from: 'en', to: 'gl', mode: 'en-gl' }],
    ['eng-cat_valencia.mode', null],
    ['eco-es-fr.mode', null],
    ['xyz-spa.mode', null],
  ])('reads %s', (file, pair) => expect(pairOfMode(file)).toEqual(pair));
});

describe.skipIf(!hasApertium)('apertium translator', () => {
  const t = apertiumTranslator();
  it('lists the installed pairs', async () => {
    expect(await t.pairs()).toContainEqual({ from: 'en', to: 'es' });
  });
  it('translates each segment into Spanish, in order', async () => {
    const out = await t.translate(
      ['Good morning, my friend.', 'The house is very big.', 'I have three dogs.'],
      { from: 'en', to: 'es' },
    );
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/Buenos días/i);
    expect(out[1]).toMatch(/casa/i);
    expect(out[2]).toMatch(/perros/i);
  });
  it('refuses a pair that is not installed', async () => {
    await expect(t.translate(['hi'], { from: 'en', to: 'ja' })).rejects.toThrow(/no en-ja pair/);
  });
});

describe('http translators against stand-ins on loopback', () => {
  let server: Server;
  let url = '';
  const seen: Record<string, unknown>[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/languages') {
        res.end(JSON.stringify([{ code: 'en', name: 'English', targets: ['en', 'de', 'ja'] }]));
      } else if (req.url === '/translate') {
        const body = await readBody(req);
        seen.push(body);
        res.end(JSON.stringify({ translatedText: (body.q as string[]).map((q) => `[${body.target}] ${q}`) }));
      } else if (req.url === '/v1/chat/completions') {
        const body = await readBody(req);
        seen.push(body);
        const msgs = body.messages as { content: string }[];
        const list = JSON.parse(msgs[1]!.content) as string[];
        const content = '```json\n' + JSON.stringify(list.map((s) => s.toUpperCase())) + '\n```';
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('LibreTranslate: pairs from /languages, segments as one list', async () => {
    const t = libreTranslateTranslator({ url, apiKey: 'k' });
    expect(await t.pairs()).toEqual([
      { from: 'en', to: 'de' },
      { from: 'en', to: 'ja' },
    ]);
    expect(await t.translate(['one', 'two'], { from: 'en', to: 'de' })).toEqual(['[de] one', '[de] two']);
    expect(seen.at(-1)).toMatchObject({ source: 'en', target: 'de', api_key: 'k', format: 'text' });
  });

  it('chat model: every pair of its languages, answers parsed from a fenced list', async () => {
    const t = chatTranslator({ url: `${url}/v1`, model: 'm', languages: ['en', 'fr'] });
    expect(await t.pairs()).toEqual([
      { from: 'en', to: 'fr' },
      { from: 'fr', to: 'en' },
    ]);
    expect(await t.translate(['a b', 'c'], { from: 'en', to: 'fr' })).toEqual(['A B', 'C']);
    expect(JSON.stringify(seen.at(-1))).toContain('from English to French');
  });

  it('a chat answer of the wrong length fails instead of misplacing text', () => {
    expect(() => parseChatList('["only one"]', 2)).toThrow(/different number/);
    expect(() => parseChatList('sorry', 1)).toThrow(/JSON list/);
  });

  it('a set picks the first engine serving a pair and lists each pair once', async () => {
    const fake = (id: string, pairs: [string, string][]): Translator => ({
      id,
      description: id,
      pairs: () => Promise.resolve(pairs.map(([from, to]) => ({ from, to }))),
      translate: (texts) => Promise.resolve(texts.map((x) => `${id}:${x}`)),
    });
    const set = new TranslatorSet([
      fake('a', [['en', 'es']]),
      fake('b', [
        ['en', 'es'],
        ['en', 'de'],
      ]),
    ]);
    expect((await set.pick({ from: 'en', to: 'es' }))?.id).toBe('a');
    expect((await set.pick({ from: 'en', to: 'de' }))?.id).toBe('b');
    expect(await set.pick({ from: 'en', to: 'ja' })).toBeUndefined();
    expect(await set.pairs()).toHaveLength(2);
  });
});

describe('language detection', () => {
  it.each([
    ['The weather is lovely today and we are going for a long walk in the park.', 'en'],
    ['El tiempo es muy bueno hoy y vamos a dar un largo paseo por el parque.', 'es'],
    ['short', null],
  ])('%s → %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));
});
