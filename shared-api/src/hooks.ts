import { useEffect, useRef } from 'react';
import type { SocketEventName } from './contracts';
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
