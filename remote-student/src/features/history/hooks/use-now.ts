import { useEffect, useState } from 'react';

/** The current time (ms), ticking every `periodMs`: what a live countdown or a relative time re-renders on. */
export function useNow(periodMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return now;
}
