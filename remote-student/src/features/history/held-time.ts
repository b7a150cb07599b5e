import { HELD_EXPIRY_NOTICE_MINUTES } from 'shared-api';

/** A release code as it is read aloud and typed: two groups of three ('ACEFHJ' → 'ACE FHJ'). */
export function groupReleaseCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** Time left as a clock: '9:05', '1:00:00' (hours only when there are some); 0 and below: '0:00'. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Where a held job's wait stands at `now`: 'over' once heldUntil passed (the server expires it and
 * refunds), 'expiring' in the last 10 minutes (when the server also writes its job-expiring notice).
 */
export function heldPhase(heldUntil: string, now: number): 'waiting' | 'expiring' | 'over' {
  const left = Date.parse(heldUntil) - now;
  if (!(left > 0)) return 'over';
  return left <= HELD_EXPIRY_NOTICE_MINUTES * 60_000 ? 'expiring' : 'waiting';
}

/** Whole minutes until an ISO time, rounded up (a job 30 s away is '~ 1 min'); null when past or unknown. */
export function minutesUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso) - now;
  if (Number.isNaN(ms)) return null;
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}
