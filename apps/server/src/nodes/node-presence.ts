import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { newId } from '../lib/ids';
import { addWorkerPool, backendVisible, deleteNodes, heartbeat, registerNode } from './nodes.repo';
import { reclaimDeadNodes } from './reclaim';

export type NodePresenceOptions = {
  kind: 'api' | 'worker';
  /** This process holds the database alone (PGlite opened from its data directory, pid-locked). */
  exclusive: boolean;
  heartbeatMs?: number;
  leaseSeconds?: number;
};

const HEARTBEAT_MS = 10_000;
const LEASE_SECONDS = 30;

/**
 * This process as a node of the cluster (decision 028): a random id, a server_nodes row whose lease a
 * heartbeat renews, and (PostgreSQL) a presence connection whose disappearance from pg_stat_activity
 * tells the other nodes at once that this process died. At start and on every heartbeat the node gives
 * back what dead nodes held (`reclaimDeadNodes`); a node that starts alone on PGlite reclaims from every
 * earlier process at once.
 */
export class NodePresence {
  readonly id = newId();
  private timer: NodeJS.Timeout | undefined;
  private presence: pg.Client | undefined;
  private backendPid: number | null = null;
  private readonly pools: string[] = [];
  private ticking: Promise<void> | undefined;
  private log: FastifyBaseLogger | undefined;
  private readonly heartbeatMs: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly database: Database,
    private readonly opts: NodePresenceOptions,
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.leaseSeconds = opts.leaseSeconds ?? LEASE_SECONDS;
  }

  private get db() {
    return this.database.db;
  }

  /** Registers the node, reclaims from dead nodes, and starts the heartbeat. */
  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    await this.connectPresence();
    await this.register();
    const reclaimed = await reclaimDeadNodes(this.db, this.id, { everyOther: this.opts.exclusive });
    this.report(reclaimed, 'at start');
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs).unref();
  }

  /** Notes a graphile-worker pool of this process, so its job locks are released if the process dies. */
  addWorkerPool(poolId: string): void {
    this.pools.push(poolId);
    void addWorkerPool(this.db, this.id, poolId).catch((err: unknown) =>
      this.log?.warn({ err }, 'worker pool not recorded'),
    );
  }

  /** Stops the heartbeat and removes the node (call after the process's generations and jobs ended). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    // Whatever this node still holds is reclaimed by the next node's heartbeat (the row is gone).
    await deleteNodes(this.db, [this.id]).catch((err: unknown) =>
      this.log?.warn({ err }, 'node row not removed'),
    );
    await this.presence?.end().catch(() => undefined);
    this.presence = undefined;
  }

  /** One heartbeat: renew the lease (or register again), then reclaim from dead nodes. */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        if (this.database.kind === 'postgres' && !this.presence) {
          await this.connectPresence();
          await this.register(); // the new connection's process id
        }
        if (!(await heartbeat(this.db, this.id, this.leaseSeconds))) {
          this.log?.warn({ node: this.id }, 'this node was taken for dead; registering again');
          await this.register();
        }
        this.report(await reclaimDeadNodes(this.db, this.id), 'on heartbeat');
      } catch (err) {
        this.log?.warn({ err }, 'node heartbeat failed');
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  private register(): Promise<void> {
    return registerNode(this.db, {
      id: this.id,
      kind: this.opts.kind,
      hostname: os.hostname(),
      pid: process.pid,
      leaseSeconds: this.leaseSeconds,
      backendPid: this.backendPid,
      workerPoolIds: this.pools,
    });
  }

  /**
   * PostgreSQL: opens the presence connection and notes its server process id, if the other connections
   * can see it in pg_stat_activity (else leases alone decide). A lost connection is opened again on the
   * next heartbeat; meanwhile other nodes may take this one for dead (its work is then refunded).
   */
  private async connectPresence(): Promise<void> {
    if (this.database.kind !== 'postgres') return;
    const client = new pg.Client({ connectionString: await this.database.connectionString() });
    client.on('error', (err) => {
      this.log?.warn({ err }, 'node presence connection lost');
      if (this.presence === client) this.presence = undefined;
    });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    this.backendPid = (await backendVisible(this.db, pid)) ? pid : null;
    if (this.backendPid === null)
      this.log?.warn('pg_stat_activity hides other connections: leases alone tell dead nodes');
    this.presence = client;
  }

  private report(r: Awaited<ReturnType<typeof reclaimDeadNodes>>, when: string): void {
    if (r.nodes || r.reservations || r.jobLockers)
      this.log?.info({ node: this.id, ...r }, `reclaimed what dead nodes held ${when}`);
  }
}
