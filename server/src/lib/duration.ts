const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * Parses a duration such as '15m', '30s', '7d', '250ms' or a bare number of seconds ('900').
 * Returns milliseconds, or throws on anything else (config errors must stop the start).
 */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(value);
  if (!match) throw new Error(`invalid duration "${value}" (use e.g. 900, 30s, 15m, 12h, 7d)`);
  const amount = Number(match[1]);
  const unit = (match[2] ?? 's').toLowerCase();
  const ms = Math.round(amount * (UNIT_MS[unit] ?? 1_000));
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`duration "${value}" must be positive`);
  return ms;
}
