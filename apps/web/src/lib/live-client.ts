import {
  liveServerMessage,
  type LiveClientMessage,
  type LiveCollection,
  type LiveServerMessage,
} from '@vocalis/contracts/live';

export type LiveChange = Extract<LiveServerMessage, { type: 'change' }>;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

type ChangeListener = (change: LiveChange) => void;
type SubscribedListener = () => void;

export type LiveClientOptions = {
  url: string;
  /** Called after a connection is re-established, so callers can refetch what they may have missed. */
  onReconnect?: () => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: string) => WebSocket;
  /** Backoff bounds; the delay doubles from min to max, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
};

/** The /v1/live URL on the page's origin (ws:// or wss:// by page protocol). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v1/live`;
}

/**
 * One WebSocket to /v1/live: subscribes to every collection that has listeners, reconnects with
 * exponential backoff, and resubscribes after a reconnect.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<LiveCollection, Set<ChangeListener>>();
  private readonly subscribedListeners = new Map<LiveCollection, Set<SubscribedListener>>();
  /** Collections the server has confirmed on the current socket. */
  private readonly confirmed = new Set<LiveCollection>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private hasConnected = false;
  private stopped = true;
  private readonly options: Required<Omit<LiveClientOptions, 'onReconnect' | 'onStatus'>> &
    Pick<LiveClientOptions, 'onReconnect' | 'onStatus'>;

  constructor(options: LiveClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      minDelayMs: 1_000,
      maxDelayMs: 30_000,
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client stopped');
    this.setStatus('closed');
  }

  /**
   * Listens to one collection's changes; the returned function stops listening. `onSubscribed` runs
   * each time the server confirms the subscription (also after a reconnect, and at once when it already
   * is): a change made before that was not pushed, so a caller that loaded data earlier refetches then.
   */
  subscribe(
    collection: LiveCollection,
    listener: ChangeListener,
    onSubscribed?: SubscribedListener,
  ): () => void {
    let set = this.listeners.get(collection);
    if (!set) {
      set = new Set();
      this.listeners.set(collection, set);
      this.send({ type: 'subscribe', collection });
    }
    set.add(listener);
    if (onSubscribed) {
      let confirmedSet = this.subscribedListeners.get(collection);
      if (!confirmedSet) this.subscribedListeners.set(collection, (confirmedSet = new Set()));
      confirmedSet.add(onSubscribed);
      if (this.confirmed.has(collection)) queueMicrotask(onSubscribed);
    }
    return () => {
      if (onSubscribed) this.subscribedListeners.get(collection)?.delete(onSubscribed);
      const current = this.listeners.get(collection);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(collection);
        this.confirmed.delete(collection);
        this.send({ type: 'unsubscribe', collection });
      }
    };
  }

  private setStatus(status: LiveStatus) {
    this.options.onStatus?.(status);
  }

  private send(message: LiveClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;

    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.setStatus('open');
      for (const collection of this.listeners.keys()) this.send({ type: 'subscribe', collection });
    });

    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      this.handleMessage(event.data);
    });

    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.confirmed.clear();
      this.setStatus('closed');
      this.scheduleReconnect();
    });
  }

  private handleMessage(raw: unknown) {
    let parsed: LiveServerMessage;
    try {
      const result = liveServerMessage.safeParse(JSON.parse(String(raw)));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    if (parsed.type === 'ready') {
      // A fresh session is ready: reset backoff, and after a drop tell the app to refetch.
      this.attempt = 0;
      if (this.hasConnected) this.options.onReconnect?.();
      this.hasConnected = true;
      return;
    }
    if (parsed.type === 'error') {
      console.warn('[live]', parsed.message);
      return;
    }
    if (parsed.type === 'subscribed') {
      this.confirmed.add(parsed.collection);
      this.subscribedListeners.get(parsed.collection)?.forEach((listener) => listener());
      return;
    }
    if (parsed.type === 'change') {
      this.listeners.get(parsed.collection)?.forEach((listener) => listener(parsed));
    }
  }

  private scheduleReconnect() {
    if (this.stopped || this.retryTimer) return;
    const { minDelayMs, maxDelayMs } = this.options;
    const base = Math.min(maxDelayMs, minDelayMs * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }
}
