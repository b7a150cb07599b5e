/**
 * A token bucket: `burst` actions at once, refilled at `ratePerSecond`. take() answers whether one
 * more action is allowed now. One per chat sender (the conversations service), whatever path the
 * message takes.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until take() would allow one more action (0 when it would now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
  }

  /** Whether the bucket is full again (nothing to remember about its owner). */
  isFull(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  private refill(): void {
    const at = this.now();
    // a wall clock set back (or a test's) adds nothing and takes nothing
    const elapsed = Math.max(0, at - this.last);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.ratePerSecond);
    this.last = at;
  }
}

/**
 * One token bucket per key (a student, a release station, a printer), made on first use; full buckets
 * are forgotten once more than `maxKeys` are kept, so memory stays bounded however many keys come.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one token of `key`'s bucket: false when it is empty (the caller answers 429). */
  take(key: string): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.prune();
      bucket = new TokenBucket(this.ratePerSecond, this.burst, this.now);
      this.buckets.set(key, bucket);
    }
    return bucket.take();
  }

  /** Milliseconds until `key` may act again (0 when it may now). */
  waitMs(key: string): number {
    return this.buckets.get(key)?.waitMs() ?? 0;
  }

  private prune(): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull()) this.buckets.delete(key);
  }
}
