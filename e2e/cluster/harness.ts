import type { Browser } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import type { Cluster } from '../support/cluster';

/** What every cluster check gets: the running cluster (two instances behind nginx) and a browser. */
export interface ClusterCtx {
  cluster: Cluster;
  /** Chromium, launched on first use (checks without a page never start it). */
  browser(): Promise<Browser>;
}

/**
 * One cluster check: a name that says what must hold, and a function that throws when it does not.
 * Adding a check is adding one of these to CHECKS in run.ts. A check leaves the cluster as it found it
 * (an instance it stops, it starts again).
 */
export interface ClusterCheck {
  name: string;
  run(ctx: ClusterCtx): Promise<void>;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The demo accounts (server/src/db/seed-data.ts), one password for all. */
export const ACCOUNTS = {
  student: 'student@hcmut.edu.vn',
  staff: 'staff@hcmut.edu.vn',
  spso: 'spso@hcmut.edu.vn',
} as const;
export const PASSWORD = 'Demo@12345';

export interface Login {
  accessToken: string;
  refreshToken: string;
}

/** POST /v1/user/login at `baseUrl` (nginx or one instance). */
export async function login(baseUrl: string, email: string): Promise<Login> {
  const res = await fetch(`${baseUrl}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: Login; message?: string };
  assert(res.status === 200 && body.data?.accessToken, `login of ${email}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** GET `path` with the access token; answers the status and the envelope. */
export async function apiGet(
  baseUrl: string,
  path: string,
  token: string,
): Promise<{ status: number; body: { success?: boolean; data?: unknown; message?: string } }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { success?: boolean; data?: unknown; message?: string } };
}

/**
 * A socket.io client as the portal opens it, through `baseUrl`. `withCredentials` keeps cookies (the
 * sticky cookie nginx sets) as a browser does; without it a polling client has no stickiness.
 */
export function openSocket(
  baseUrl: string,
  token: string,
  transports: ('websocket' | 'polling')[],
  withCredentials = true,
): Socket {
  return io(baseUrl, {
    path: '/socket.io',
    transports,
    withCredentials,
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    auth: { token },
  });
}

/** Resolves once `socket` is connected (fails on timeout with its last connect_error). */
export function connected(socket: Socket, timeoutMs = 10_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let last = '';
    const onError = (error: Error) => {
      last = error.message;
    };
    const timer = setTimeout(() => {
      socket.off('connect_error', onError);
      reject(new Error(`socket not connected within ${timeoutMs} ms${last ? ` (${last})` : ''}`));
    }, timeoutMs);
    socket.on('connect_error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('connect_error', onError);
      resolve();
    });
  });
}

/** The transport a connected socket uses now ('websocket' or 'polling'). */
export function transportOf(socket: Socket): string {
  return socket.io.engine.transport.name;
}

/** The instance ('host:port') nginx's sticky cookie names for this polling client, or null. */
export function stickyInstance(socket: Socket): string | null {
  // engine.io-client keeps the cookies of a Node client in its jar (withCredentials); no typed access
  const jar = (socket.io.engine as unknown as { _cookieJar?: { cookies: Iterable<[string, { value: string }]> } })
    ._cookieJar;
  if (!jar) return null;
  for (const [name, cookie] of jar.cookies) if (name === 'sp_upstream') return cookie.value || null;
  return null;
}

/** Counts nginx's access log lines per instance ('host:port' of upstream=), for lines matching `filter`. */
export function upstreamCounts(lines: string[], filter: (line: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (!filter(line)) continue;
    const tried = /upstream=(.*?) rt=/.exec(line)?.[1] ?? '-';
    // several tried ('a, b' or 'a : b'): the last one answered
    const answered = tried.match(/[\w.-]+:\d+/g)?.pop() ?? tried;
    counts.set(answered, (counts.get(answered) ?? 0) + 1);
  }
  return counts;
}

/** Closes every socket, whatever happened. */
export async function closing<T>(sockets: Socket[], body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } finally {
    for (const socket of sockets) socket.close();
  }
}
