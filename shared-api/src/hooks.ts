import { useEffect, useRef } from 'react';
import type { SocketEventName } from './contracts';
import type { Socket } from 'socket.io-client';
import { onSocketChange } from './socket';

/** Runs `handler` on each realtime event of that name while the component is mounted (none for null). */
export function useSocketEvent(event: SocketEventName | null, handler: (...args: unknown[]) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    let detach: (() => void) | null = null;
    const stop = onSocketChange((socket) => {
      detach?.();
      detach = null;
      if (!socket || event === null) return;
      const listener = (...args: unknown[]) => ref.current(...args);
      socket.on(event, listener);
      detach = () => socket.off(event, listener);
    });
    return () => {
      stop();
      detach?.();
    };
  }, [event]);
}

/**
 * Runs `handler` each time the realtime connection comes back after being lost (socket.io's automatic
 * reconnection): the events sent meanwhile are gone, so what they would have refreshed is read again.
 * Not on the first connection. Active while `enabled`.
 */
export function useSocketReconnect(enabled: boolean, handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return undefined;
    let detach: (() => void) | null = null;
    const stop = onSocketChange((socket) => {
      detach?.();
      detach = null;
      // socket.io's Manager raises 'reconnect' (a test double may have none)
      const manager = socket?.io as Socket['io'] | undefined;
      if (!manager) return;
      const listener = () => ref.current();
      manager.on('reconnect', listener);
      detach = () => manager.off('reconnect', listener);
    });
    return () => {
      stop();
      detach?.();
    };
  }, [enabled]);
}
