/**
 * Answers per student kept in memory, keyed by the student and a normalized query: the history
 * (filterLogs) of a student changes only when one of their jobs changes state, and every such change
 * emits update-student-history for them, where invalidateUser is called. Bounded: least recently used
 * entries go first beyond maxEntries. An entry older than ttlMs is loaded again (bounds how stale it can
 * be when another server instance made the change). An entry flagged volatile (it shows queue positions,
 * which other students' jobs move) is also dropped by invalidateVolatile, on every queue change. A load
 * that overlaps any invalidation is returned to its callers but not kept, so a change is never hidden by
 * an older read.
 */
export class StudentAnswerCache<T> {
  private readonly entries = new Map<string, { userId: string; data: T; at: number; volatile: boolean }>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly volatileKeys = new Set<string>();
  private readonly loading = new Map<string, Promise<T>>();
  /** Bumped by every invalidation: a load started before it is not kept. */
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly isVolatile: (data: T) => boolean = () => false,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get(userId: string, query: string, load: () => Promise<T>): Promise<T> {
    const key = `${userId}\u0000${query}`;
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < this.ttlMs) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.data;
    }
    if (entry) this.remove(key);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const epoch = this.epoch;
    const started = this.now();
    const loading = load().then((data) => {
      if (epoch === this.epoch) this.store(key, userId, data, started);
      return data;
    });
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Drops every answer of this student (one of their jobs changed). */
  invalidateUser(userId: string): void {
    this.epoch += 1;
    const keys = this.byUser.get(userId);
    if (keys) for (const key of [...keys]) this.remove(key);
    for (const key of [...this.loading.keys()]) if (key.startsWith(`${userId}\u0000`)) this.loading.delete(key);
  }

  /** Drops the answers flagged volatile (a queue changed: positions may have moved). */
  invalidateVolatile(): void {
    this.epoch += 1;
    for (const key of [...this.volatileKeys]) this.remove(key);
    this.loading.clear();
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byUser.clear();
    this.volatileKeys.clear();
    this.loading.clear();
  }

  private store(key: string, userId: string, data: T, at: number): void {
    this.remove(key);
    const volatile = this.isVolatile(data);
    this.entries.set(key, { userId, data, at, volatile });
    let keys = this.byUser.get(userId);
    if (!keys) {
      keys = new Set();
      this.byUser.set(userId, keys);
    }
    keys.add(key);
    if (volatile) this.volatileKeys.add(key);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.volatileKeys.delete(key);
    const keys = this.byUser.get(entry.userId);
    if (keys) {
      keys.delete(key);
      if (keys.size === 0) this.byUser.delete(entry.userId);
    }
  }
}
