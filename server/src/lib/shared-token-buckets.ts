import type { Db } from '../db';

/** At most one purge of full buckets this often (by the buckets' clock). */
const PURGE_EVERY_MS = 60_000;

/**
 * Token buckets kept in PostgreSQL (rate_buckets): `burst` actions at once, refilled at `ratePerSecond`,
 * like TokenBuckets (lib/token-bucket.ts) but one bucket per key for every instance on the database, so a
 * limit that guards against guessing holds however the guesses are spread over instances. A take is one
 * upsert (the bucket's row is locked by it), so takes arriving at once never spend one token twice.
 *
 * The clock is the caller's (milliseconds; tests move it); a clock reading older than the bucket's last
 * (another instance's clock a little ahead) refills nothing. A full bucket is the same as none: its row is
 * forgotten now and then.
 */
export class SharedTokenBuckets {
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    /** Prefixes the keys: several limits share the table. */
    private readonly name: string,
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token of `key`'s bucket: false when it is empty (the caller answers 429). */
  async take(key: string): Promise<boolean> {
    const at = this.now();
    // the refilled level, as SQL over the stored row `b`
    const level = 'least($2::float8, b.tokens + greatest(0, $3::float8 - b.at_ms) / 1000 * $4::float8)';
    const rows = await this.db.query(
      `INSERT INTO rate_buckets AS b (key, tokens, at_ms, full_at_ms)
       VALUES ($1, $2::float8 - 1, $3::float8, $3::float8 + 1000 / $4::float8)
       ON CONFLICT (key) DO UPDATE SET
         tokens = ${level} - 1,
         at_ms = greatest(b.at_ms, $3::float8),
         full_at_ms = greatest(b.at_ms, $3::float8) + ($2::float8 - (${level} - 1)) / $4::float8 * 1000
       WHERE ${level} >= 1
       RETURNING 1`,
      [this.key(key), this.burst, at, this.ratePerSecond],
    );
    if (at - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = at;
      // a full bucket holds nothing worth keeping; never in the caller's way
      this.db.query('DELETE FROM rate_buckets WHERE full_at_ms < $1::float8', [at]).catch(() => undefined);
    }
    return rows.length === 1;
  }

  /** Milliseconds until `key` may act again (0 when it may now). */
  async waitMs(key: string): Promise<number> {
    const row = await this.db.one<{ tokens: number; at_ms: number }>(
      'SELECT tokens, at_ms FROM rate_buckets WHERE key = $1',
      [this.key(key)],
    );
    if (!row) return 0;
    const elapsed = Math.max(0, this.now() - Number(row.at_ms));
    const tokens = Math.min(this.burst, Number(row.tokens) + (elapsed / 1000) * this.ratePerSecond);
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / this.ratePerSecond) * 1000);
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
  }
}
