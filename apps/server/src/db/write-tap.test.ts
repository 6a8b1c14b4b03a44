import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { mayChangeCachedData, tapPoolWrites } from './write-tap';

describe('which statements empty the read caches (decision 043)', () => {
  it.each([
    ['select * from "history_items" where "workspace_id" = $1', false],
    ['select "updated_at", "deleted_at", "created_by" from "voices"', false],
    ['SELECT 1', false],
    ['begin', false],
    ['insert into "history_items" ("id") values ($1)', true],
    ['update "workspace_usage" set "character_count" = $1', true],
    ['delete from "voices" where "id" = $1', true],
    ['with r as (update "workspace_usage" set x = 1 returning *) select * from r', true],
    ['select * from "workspaces" for update', true],
    ['commit', true],
    ['ROLLBACK', true],
    ['insert into "mail_messages" ("id") values ($1)', false],
    ['update "sessions" set "updated_at" = $1 where "token" = $2', false],
    ['update "server_nodes" set "lease_until" = now()', false],
    ['delete from "rate_limits" where "key" = $1', false],
    ['insert into "rate_limits" ("key") values ($1) on conflict do update set n = 1', false],
    ['truncate "voices"', true],
  ])('%s -> %s', (text, expected) => {
    expect(mayChangeCachedData(text)).toBe(expected);
  });
});

describe('the write tap on a pg pool (decision 043)', () => {
  type Query = (text: unknown) => Promise<string>;
  const fakePool = (log: string[]) => {
    const query: Query = async (text) => {
      log.push(`ran ${String((text as { text?: string }).text ?? text)}`);
      return 'rows';
    };
    const client = { query, release: () => log.push('released') };
    return { query, connect: async () => client } as unknown as pg.Pool;
  };

  it('reports a write once it has run, on the pool and on a lent client, and COMMIT too; reads are not reported', async () => {
    const log: string[] = [];
    const pool = tapPoolWrites(fakePool(log), () => log.push('emptied'));
    await pool.query('select 1');
    await pool.query({ text: 'update "voices" set "name" = $1' } as never);
    const client = await pool.connect();
    await client.query('begin');
    await client.query('insert into "history_items" values ($1)');
    await client.query('commit');
    client.release();
    expect(log).toEqual([
      'ran select 1',
      'ran update "voices" set "name" = $1',
      'emptied',
      'ran begin',
      'ran insert into "history_items" values ($1)',
      'emptied',
      'ran commit',
      'emptied',
      'released',
    ]);
  });
});
