import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type ServerToClientEvents, type SocketHandshakeAuth } from '@rxbridge/contracts';
import { tokenStorage } from '@/lib/token-storage';
import { isFinalAnswer, retryDelay } from '@/lib/query-client';
import { profileQueryOptions } from '@/lib/auth/api/get-profile';

export type LiveSocket = Socket<ServerToClientEvents>;
/** connecting: never connected yet; down: was live (or was refused) and is trying again. */
export type LiveStatus = 'connecting' | 'live' | 'down';

interface LiveConnection {
  socket: LiveSocket | null;
  status: LiveStatus;
  /** Remembers the time of the last change seen, sent as auth.since so a reconnect replays what was missed. */
  markSeen(at: string): void;
}

const LiveContext = createContext<LiveConnection>({ socket: null, status: 'connecting', markSeen: () => undefined });

/**
 * One Socket.IO connection per signed-in tab (patient dashboard or navigator console), on the same
 * origin, authenticated with the stored token at every (re)connection so a renewed token is used.
 * socket.io retries dropped connections with backoff by itself; a handshake the server refuses
 * (expired token) or a server-side disconnect is retried here, with the same backoff as the queries.
 * After every connection, the first included, `refetchOnConnect` keys are fetched again: whatever
 * changed meanwhile shows.
 */
export function LiveConnectionProvider({
  refetchOnConnect,
  children,
}: {
  refetchOnConnect: QueryKey[];
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  // Read at connect time, so a new array on each render doesn't reopen the socket.
  const refetchKeys = useRef(refetchOnConnect);
  refetchKeys.current = refetchOnConnect;
  const [value, setValue] = useState<LiveConnection>(() => ({
    socket: null,
    status: 'connecting',
    markSeen: () => undefined,
  }));

  useEffect(() => {
    let since: string | undefined;
    const markSeen = (at: string) => {
      if (!since || at > since) since = at;
    };
    const socket: LiveSocket = io({
      path: '/socket.io',
      // A WebSocket at once: starting on HTTP long-polling and upgrading cost a phone four round trips
      // before its first screen. A network that refuses WebSockets still gets polling.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: (cb) => cb({ token: tokenStorage.getToken() ?? '', ...(since && { since }) } satisfies SocketHandshakeAuth),
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    let attempts = 0;
    let retryTimer: number | undefined;
    /** The token whose session the server ended: no reconnecting with it (docs/architecture.md §8). */
    let endedToken: string | null = null;
    const setStatus = (status: LiveStatus) => setValue({ socket, status, markSeen });
    const retryByHand = () => {
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(() => {
        const token = tokenStorage.getToken();
        if (token && token !== endedToken) socket.connect();
      }, retryDelay(attempts++));
    };

    // The session ended, sat idle, or the account was disabled or re-roled: one fetch of the profile
    // lets the server say which (a 401 signs the tab out, with the idle message when idle; a new role
    // shows what it may see). One request, not every query: their 401s would race each other.
    socket.on(SOCKET_EVENTS.sessionEnded, () => {
      endedToken = tokenStorage.getToken();
      void queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).catch(() => undefined);
    });

    socket.on('connect', () => {
      attempts = 0;
      setStatus('live');
      // A change committed after the screen's first read and before this socket joined its rooms
      // reached no one, and a first connection has no `since` to replay from: on every connection,
      // the first included, what the screen read is read again, as after a reconnect (a new
      // patient's applications, made by the worker just after signup, were missed so). A read whose
      // answer was a final 4xx (a record that does not exist) would only get it again.
      for (const queryKey of refetchKeys.current) {
        void queryClient.invalidateQueries({ queryKey, predicate: (query) => !isFinalAnswer(query.state.error) });
      }
    });
    socket.on('disconnect', (reason) => {
      setStatus('down');
      // The server ends the connection when the token expires: reconnect with the renewed one.
      if (reason === 'io server disconnect') retryByHand();
    });
    socket.on('connect_error', () => {
      setStatus('down');
      // socket.active is false when the server refused the handshake: socket.io will not retry that.
      if (!socket.active) retryByHand();
    });
    setValue({ socket, status: 'connecting', markSeen });
    return () => {
      window.clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient]);

  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export const useLiveConnection = () => useContext(LiveContext);

/** Subscribes `handler` to one server event for as long as the component is mounted. */
export function useLiveEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const { socket } = useLiveConnection();
  useEffect(() => {
    if (!socket) return;
    // Typed per event by the caller; socket.io's overloads cannot follow a generic event name.
    const listener = handler as (...args: unknown[]) => void;
    socket.on(event as typeof SOCKET_EVENTS.subscriptionUpdated, listener);
    return () => {
      socket.off(event as typeof SOCKET_EVENTS.subscriptionUpdated, listener);
    };
  }, [socket, event, handler]);
}
