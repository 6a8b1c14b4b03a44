// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import { LiveClient } from './live-client';

/** A stand-in WebSocket the test drives: open it, deliver server messages, read what was sent. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: unknown[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = 1; // OPEN
    this.dispatchEvent(new Event('open'));
  }
  receive(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

function connected() {
  const sockets: FakeSocket[] = [];
  const client = new LiveClient({
    url: 'ws://test/v1/live',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    minDelayMs: 1,
    maxDelayMs: 1,
  });
  client.start();
  return { client, sockets };
}

describe('LiveClient subscription confirmation', () => {
  it('calls onSubscribed when the server confirms, again after a reconnect, and not for other collections', async () => {
    const { client, sockets } = connected();
    const onSubscribed = vi.fn();
    const stop = client.subscribe('user', () => undefined, onSubscribed);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', collection: 'user' }]);
    expect(onSubscribed).not.toHaveBeenCalled();

    sockets[0]!.receive({ type: 'subscribed', collection: 'message' });
    expect(onSubscribed).not.toHaveBeenCalled();
    sockets[0]!.receive({ type: 'subscribed', collection: 'user' });
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    // A dropped socket: the new one resubscribes, and the confirmation calls it again.
    sockets[0]!.close();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'subscribed', collection: 'user' });
    expect(onSubscribed).toHaveBeenCalledTimes(2);

    stop();
    sockets[1]!.receive({ type: 'subscribed', collection: 'user' });
    expect(onSubscribed).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('tells a listener that joins an already confirmed collection at once', async () => {
    const { client, sockets } = connected();
    client.subscribe('user', () => undefined);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'subscribed', collection: 'user' });
    const late = vi.fn();
    client.subscribe('user', () => undefined, late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('still delivers changes to the change listener', () => {
    const { client, sockets } = connected();
    const onChange = vi.fn();
    client.subscribe('user', onChange, () => undefined);
    sockets[0]!.open();
    const change = { type: 'change', collection: 'user', op: 'update', id: 'u1', data: { a: 1 } };
    sockets[0]!.receive(change);
    expect(onChange).toHaveBeenCalledWith(change);
    client.stop();
  });
});
