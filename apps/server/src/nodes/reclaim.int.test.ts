import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/api-keys';
import { serverNodes } from '../db/schema/nodes';
import { generationReservations, workspaceUsage } from '../db/schema/usage';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { createTestUser, startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { backendVisible } from './nodes.repo';
import { reclaimDeadNodes } from './reclaim';

describe(`reclaiming what dead nodes held on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());
  const db = () => app.database.db;
  const self = () => app.node.id;

  const node = (id: string, lease: string, extra: { backendPid?: number; workerPoolIds?: string[] } = {}) =>
    db()
      .insert(serverNodes)
      .values({
        id,
        kind: 'api',
        hostname: 'elsewhere',
        pid: 1,
        leaseExpiresAt: sql`now() + ${sql.raw(`interval '${lease}'`)}`,
        ...extra,
      });
  const nodeIds = async () => (await db().select({ id: serverNodes.id }).from(serverNodes)).map((n) => n.id);

  it("refunds dead nodes' reservations (workspace and API key, within their period) and keeps live ones", async () => {
    const user = await createTestUser(app);
    const key = await createApiKey(db(), user.id, { name: 'limited', characterLimit: 1000 });
    const [usage] = await db()
      .insert(workspaceUsage)
      .values({
        workspaceId: user.workspaceId,
        characterCount: 500,
        characterLimit: 10_000,
        nextCharacterCountResetAt: sql`date_trunc('second', now() + interval '1 month')`,
        runningGenerations: 4,
      })
      .onConflictDoUpdate({
        target: workspaceUsage.workspaceId,
        set: { characterCount: 500, runningGenerations: 4 },
      })
      .returning();
    await db().update(apiKeys).set({ characterCount: 100 }).where(eq(apiKeys.id, key.id));
    await node('dead-1', '-1 second');
    await node('live-1', '1 minute');
    const reservation = (id: string, owner: string, characters: number, more: object = {}) => ({
      id: `${id}-${user.id}`,
      workspaceId: user.workspaceId,
      ownerNodeId: owner,
      characters,
      periodEnd: usage!.nextCharacterCountResetAt,
      ...more,
    });
    await db()
      .insert(generationReservations)
      .values([
        reservation('a', 'dead-1', 100),
        reservation('b', 'never-registered', 100, { apiKeyId: key.id }),
        // Debited in the period before a reset: the reset already gave those characters back.
        reservation('c', 'dead-1', 40, { periodEnd: new Date(Date.now() - 86_400_000) }),
        reservation('d', 'live-1', 30),
      ]);

    const reclaimed = await reclaimDeadNodes(db(), self());

    expect(reclaimed.reservations).toBeGreaterThanOrEqual(3);
    const [after] = await db()
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect(after!.characterCount).toBe(500 - 200);
    expect(after!.runningGenerations).toBe(1);
    const [k] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(k!.characterCount).toBe(0);
    const left = await db()
      .select({ id: generationReservations.id })
      .from(generationReservations)
      .where(eq(generationReservations.workspaceId, user.workspaceId));
    expect(left.map((r) => r.id)).toEqual([`d-${user.id}`]);
    expect(await nodeIds()).toContain('live-1');
    expect(await nodeIds()).not.toContain('dead-1');
    // Running it again (another node, or after a crash midway) changes nothing.
    await reclaimDeadNodes(db(), self());
    const [again] = await db()
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect(again!.characterCount).toBe(300);
  });

  it('releases job locks of dead nodes at once, and of unrecorded worker pools after a minute', async () => {
    await node('dead-2', '-1 second', { workerPoolIds: ['pool-dead-2'] });
    await node('live-2', '1 minute', { workerPoolIds: ['pool-live-2'] });
    const lockedBy = ['pool-dead-2', 'pool-live-2', 'pool-unrecorded-new', 'pool-unrecorded-old'];
    for (const locker of lockedBy) {
      // A task no worker here runs, so only the reclaim touches these jobs.
      await db().execute(
        sql`select graphile_worker.add_job('test.never-run', '{}'::json, job_key => ${locker})`,
      );
      await db().execute(sql`update graphile_worker._private_jobs set locked_by = ${locker},
        locked_at = now() - ${sql.raw(locker.endsWith('old') ? "interval '2 minutes'" : "interval '0'")}
        where key = ${locker}`);
    }

    await reclaimDeadNodes(db(), self());

    const jobs = await db().execute(
      sql`select key, locked_by from graphile_worker.jobs where task_identifier = 'test.never-run'`,
    );
    const locks = Object.fromEntries(
      (jobs as unknown as { rows: { key: string; locked_by: string | null }[] }).rows.map((j) => [
        j.key,
        j.locked_by,
      ]),
    );
    expect(locks).toEqual({
      'pool-dead-2': null,
      'pool-live-2': 'pool-live-2',
      'pool-unrecorded-new': 'pool-unrecorded-new',
      'pool-unrecorded-old': null,
    });
    await db().execute(sql`delete from graphile_worker._private_jobs where key like 'pool-%'`);
  });

  it('registers again on its next heartbeat when another node took it for dead', async () => {
    await db().delete(serverNodes).where(eq(serverNodes.id, self()));
    await app.node.tick();
    const [row] = await db().select().from(serverNodes).where(eq(serverNodes.id, self()));
    expect(row?.leaseExpiresAt.getTime()).toBeGreaterThan(Date.now());
    // On PostgreSQL the node is known by its presence connection, which the others can see.
    if (process.env.TEST_DB === 'postgres') expect(await backendVisible(db(), row!.backendPid!)).toBe(true);
    else expect(row?.backendPid).toBeNull();
  });

  it('takes every other node for dead when this process holds the database alone', async () => {
    await node('live-3', '1 minute');
    await reclaimDeadNodes(db(), self(), { everyOther: true });
    expect(await nodeIds()).toEqual([self()]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'takes a node for dead as soon as its presence connection closes, lease or not',
    async () => {
      const url = app.config.database.kind === 'postgres' ? app.config.database.url : '';
      const presence = new pg.Client({ connectionString: url });
      await presence.connect();
      const { rows } = await presence.query<{ pid: number }>('select pg_backend_pid() as pid');
      await node('live-4', '1 minute', { backendPid: rows[0]!.pid });
      await reclaimDeadNodes(db(), self());
      expect(await nodeIds()).toContain('live-4');
      await presence.end(); // what the kernel does for a process killed with SIGKILL
      await waitFor(async () => !(await backendVisible(db(), rows[0]!.pid)));
      await reclaimDeadNodes(db(), self());
      expect(await nodeIds()).not.toContain('live-4');
    },
  );
});
