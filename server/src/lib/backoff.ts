/**
 * The wait owed after `failures` failures when the first `free` cost nothing: 1 s, 2 s, 4 s... up to
 * maxDelayMs. Logins and the configuration's password share it.
 */
export function backoffDelayMs(failures: number, free: number, maxDelayMs: number): number {
  if (failures < Math.max(free, 1)) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - free, 30), maxDelayMs);
}
