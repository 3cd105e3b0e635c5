import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@confab/protocol/socket-events';
import { getSocket } from './socket-client';

type EventName = keyof ServerToClientEvents;
type Listener = (...args: unknown[]) => void;

/** Runs `handler` for every `event` the server sends this tab while the component is mounted. */
export function useRealtimeEvent<E extends EventName>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const socket = getSocket();
    const listener: Listener = (...args) => (latest.current as Listener)(...args);
    // socket.io's typed `on` does not follow a generic event name; the map types `handler`.
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [event]);
}

/**
 * Runs `handler` on every (re)connection, and when the server says events may have been lost
 * (`catchUp`, after its node regained Redis): whatever was missed is worth reloading.
 */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const socket = getSocket();
    const listener = () => latest.current();
    socket.on('connect', listener);
    socket.on('catchUp', listener);
    return () => {
      socket.off('connect', listener);
      socket.off('catchUp', listener);
    };
  }, []);
}
