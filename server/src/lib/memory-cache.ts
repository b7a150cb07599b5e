/**
 * A value loaded once and served from memory until invalidated (or older than ttlMs, which bounds how
 * stale it can be when another server instance made the change). A load that overlaps an
 * invalidation is returned to its callers but not kept, so a change is never hidden by an older read.
 */
export class MemoryCache<T> {
  private value: { data: T; at: number } | null = null;
  private loading: Promise<T> | null = null;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The value when it is in memory and fresh, else undefined (then call get()): lets a hot path answer
   * without a promise per call.
   */
  peek(): T | undefined {
    return this.value && this.now() - this.value.at < this.ttlMs ? this.value.data : undefined;
  }

  async get(): Promise<T> {
    const fresh = this.peek();
    if (fresh !== undefined) return fresh;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const started = this.now();
    const loading = this.load().then((data) => {
      if (generation === this.generation) this.value = { data, at: started };
      return data;
    });
    this.loading = loading;
    try {
      return await loading;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  invalidate(): void {
    this.generation += 1;
    this.value = null;
    this.loading = null;
  }
}
