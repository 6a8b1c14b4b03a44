import { describe, expect, it } from 'vitest';
import { mayChangeCachedData } from './write-tap';

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
