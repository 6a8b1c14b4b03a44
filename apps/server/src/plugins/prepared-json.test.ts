import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PreparedJson, PreparedJsonByKey } from './prepared-json';

const schema = z.object({ name: z.string(), count: z.number().int() });

describe('PreparedJson', () => {
  it('makes, checks and serializes the body once, keeping only the schema’s fields', async () => {
    let made = 0;
    const prepared = new PreparedJson(schema, () => {
      made++;
      return { name: 'a', count: 1, secret: 'x' } as z.output<typeof schema>;
    });
    const first = await prepared.bytes();
    expect(JSON.parse(first.toString())).toEqual({ name: 'a', count: 1 });
    expect(await prepared.bytes()).toBe(first);
    expect(made).toBe(1);
  });

  it('refuses a body its schema refuses, and tries again on the next use', async () => {
    let count = 1.5;
    const prepared = new PreparedJson(schema, () => ({ name: 'a', count }));
    await expect(prepared.bytes()).rejects.toThrow();
    count = 2;
    expect(JSON.parse((await prepared.bytes()).toString())).toEqual({ name: 'a', count: 2 });
  });
});

describe('PreparedJsonByKey', () => {
  it('keeps one body per key, the most recently used within its limit', () => {
    const made: string[] = [];
    const bodies = new PreparedJsonByKey(schema, 2);
    const get = (key: string) =>
      bodies.bytes(key, () => {
        made.push(key);
        return { name: key, count: 1 };
      });
    const a = get('a');
    get('b');
    expect(get('a')).toBe(a); // kept, and now the most recent
    get('c'); // evicts b, the least recently used
    get('a');
    get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    expect(JSON.parse(get('c').toString())).toEqual({ name: 'c', count: 1 });
  });

  it('refuses a body its schema refuses and keeps nothing for it', () => {
    const bodies = new PreparedJsonByKey(schema);
    expect(() => bodies.bytes('k', () => ({ name: 'k', count: 0.5 }))).toThrow();
    expect(JSON.parse(bodies.bytes('k', () => ({ name: 'k', count: 3 })).toString()).count).toBe(3);
  });
});
