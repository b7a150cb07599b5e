import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';

export interface RevokedSessionsOptions {
  db: Db;
  /** Access tokens live this long: a session revoked longer ago has no live token left to refuse. */
  accessTokenTtlMs: number;
  /** How often the database is asked for sessions other instances revoked. */
  pollMs: number;
  log?: FastifyBaseLogger;
}

/**
 * The sessions (logins, i.e. refresh-token families) that ended while access tokens of theirs may still
 * be alive. The auth hook asks `isRevoked` on every request without touching the database: a small
 * in-memory map, filled at once by this instance's own logouts and revocations, and every `pollMs` from
 * refresh_tokens.revoked_at for those of other instances (the database is the truth all instances
 * share). Entries leave once every access token of theirs has expired.
 */
export class RevokedSessions {
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(sessionId: string) => void>();
  private timer: NodeJS.Timeout | null = null;
  /** revoked_at of the newest row seen, in the database's clock (epoch ms). */
  private watermark = 0;
  private polling: Promise<void> | null = null;

  constructor(private readonly options: RevokedSessionsOptions) {}

  isRevoked(sessionId: string | undefined): boolean {
    return sessionId !== undefined && this.revoked.has(sessionId);
  }

  /** This instance ended a session: refused here at once, by the others at their next poll. */
  add(sessionId: string): void {
    if (this.revoked.has(sessionId)) return;
    this.revoked.set(sessionId, Date.now());
    for (const listener of this.listeners) listener(sessionId);
  }

  /** Called for each newly ended session (the socket layer disconnects its sockets). */
  onRevoked(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.revoked.size;
  }

  /** Loads the sessions ended within an access-token lifetime, then polls. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  /** One look at the database (joins the one in progress). */
  poll(): Promise<void> {
    this.polling ??= this.readNew().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async readNew(): Promise<void> {
    const ttlSeconds = this.options.accessTokenTtlMs / 1000;
    try {
      // A revocation's revoked_at is its transaction's start: one committed after a later-starting one
      // can carry an older time. Looking a minute behind the newest row seen catches it; repeats are free.
      const rows = await this.options.db.query<{ family_id: string; at: number }>(
        `SELECT family_id, (extract(epoch FROM max(revoked_at)) * 1000)::float8 AS at
         FROM refresh_tokens
         WHERE revoked_at > greatest(now() - make_interval(secs => $1), to_timestamp($2 / 1000.0) - interval '1 minute')
         GROUP BY family_id`,
        [ttlSeconds, this.watermark],
      );
      for (const row of rows) {
        this.watermark = Math.max(this.watermark, Number(row.at));
        this.add(row.family_id);
      }
    } catch (error) {
      // the database is away for a moment: keep what is known, try again at the next tick
      this.options.log?.warn({ err: error }, 'revoked sessions: poll failed');
    }
    this.prune();
  }

  private prune(): void {
    // kept a little longer than a token's life: clocks of instances differ by a little
    const horizon = Date.now() - this.options.accessTokenTtlMs - 60_000;
    for (const [sessionId, at] of this.revoked) if (at < horizon) this.revoked.delete(sessionId);
  }
}
