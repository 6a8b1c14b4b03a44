import { EventEmitter } from 'node:events';
import type { LiveCollection } from '@vocalis/contracts/live';

/** A change to one document, and who may read it. */
export type LiveEvent = {
  collection: LiveCollection;
  op: 'insert' | 'update' | 'delete';
  id: string;
  /** The document as its readers see it (already presented), or null to make clients refetch. */
  data: unknown;
  audience: { userIds?: string[]; workspaceIds?: string[] };
};

/**
 * In-process fan-out of document changes. Services publish after their transaction commits;
 * the WebSocket endpoint and the PostgreSQL bridge subscribe.
 */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  /** Publishes a change made by this process (it also reaches other processes via the bridge). */
  publish(event: LiveEvent): void {
    this.emitter.emit('local', event);
    this.emitter.emit('event', event);
  }

  /** Delivers a change that another process made; it is not forwarded again. */
  deliverRemote(event: LiveEvent): void {
    this.emitter.emit('event', event);
  }

  /** Every change, local or remote. */
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Only changes made in this process (what the bridge sends to the others). */
  subscribeLocal(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('local', listener);
    return () => this.emitter.off('local', listener);
  }
}
