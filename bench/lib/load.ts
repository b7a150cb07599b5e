import autocannon from 'autocannon';

export interface LoadResult {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
}

/** autocannon against one URL on this machine (loopback only), for a bounded time. */
export async function load(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    headers: opts.headers,
  });
  return { reqPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
}
