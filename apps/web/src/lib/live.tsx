import { useQueryClient } from '@tanstack/react-query';
import type { LiveCollection } from '@vocalis/contracts/live';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

import { LiveClient, liveUrl, type LiveChange, type LiveStatus } from './live-client';

type LiveContextValue = { client: LiveClient; status: LiveStatus };

const LiveContext = createContext<LiveContextValue | null>(null);

/**
 * Opens the /v1/live socket for the signed-in part of the app. After a reconnect every query is
 * invalidated, since changes made while offline were not delivered.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('idle');
  const [client] = useState(
    () =>
      new LiveClient({
        url: liveUrl(),
        onStatus: setStatus,
        onReconnect: () => void queryClient.invalidateQueries(),
      }),
  );

  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);

  return <LiveContext.Provider value={{ client, status }}>{children}</LiveContext.Provider>;
}

/** The live connection's state, for a status indicator. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveContext)?.status ?? 'idle';
}

/**
 * Calls `onChange` for each change of `collection` while mounted (no-op outside a LiveProvider), and
 * `onSubscribed` whenever the server confirms the subscription: changes made between loading the data
 * and that moment were not pushed, so this is where to refetch.
 */
export function useLiveCollection(
  collection: LiveCollection,
  onChange: (change: LiveChange) => void,
  onSubscribed?: () => void,
): void {
  const client = useContext(LiveContext)?.client;
  const handler = useRef(onChange);
  const subscribed = useRef(onSubscribed);
  useEffect(() => {
    handler.current = onChange;
    subscribed.current = onSubscribed;
  });
  const wantsConfirmation = onSubscribed !== undefined;
  useEffect(() => {
    if (!client) return;
    return client.subscribe(
      collection,
      (change) => handler.current(change),
      wantsConfirmation ? () => subscribed.current?.() : undefined,
    );
  }, [client, collection, wantsConfirmation]);
}
