/**
 * A token bucket: `burst` actions at once, refilled at `ratePerSecond`. take() answers whether one
 * more action is allowed now. One per socket for chat messages (in memory: a socket lives on one
 * instance).
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
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.ratePerSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
