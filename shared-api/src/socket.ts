import type { Socket } from 'socket.io-client';
import { refreshAccessToken } from './client';
import { SOCKET_EVENTS } from './contracts';
import { tokenStorage } from './tokens';

let socket: Socket | null = null;
let connecting: Promise<Socket> | null = null;
let origin = '';
const listeners = new Set<(s: Socket | null) => void>();

/** The API origin for the socket ('' = the page's own origin). */
export function configureSocket(apiOrigin: string): void {
  origin = apiOrigin;
}

/**
 * localStorage key that forces socket.io's long-polling transport in this browser: `'polling'` (set it in
 * the console, then reload). For checking a deployment whose proxy must carry polling (the cluster
 * journeys run so through nginx); without it the socket opens a websocket, and polls only when no
 * websocket can be opened.
 */
export const SOCKET_TRANSPORT_KEY = 'sp.socketTransport';

function socketTransports(): ('websocket' | 'polling')[] {
  try {
    if (globalThis.localStorage?.getItem(SOCKET_TRANSPORT_KEY) === 'polling') return ['polling'];
  } catch {
    /* storage blocked: the default */
  }
  return ['websocket', 'polling'];
}

function publish(): void {
  for (const listener of listeners) listener(socket);
}

/**
 * Opens the one realtime connection of the portal with the stored access token (after login).
 * socket.io-client loads only then, so the public pages do not carry it. When the server says the
 * token expired (at the handshake, or later by the token-expired event), it refreshes once and reconnects
 * with the new token. A session ended by logout or revocation is disconnected by the server: no retry.
 */
export function connectSocket(): Promise<Socket> {
  if (socket) return Promise.resolve(socket);
  connecting ??= import('socket.io-client').then(({ io }) => {
    const s = io(origin || undefined, {
      path: '/socket.io',
      transports: socketTransports(),
      // a websocket that cannot open (a proxy without upgrade) falls back to long-polling, not a retry loop
      tryAllTransports: true,
      auth: (cb) => cb({ token: tokenStorage.getAccess() ?? '' }),
    });
    s.on('connect_error', (error: Error) => {
      if (error.message !== 'TOKEN_EXPIRED') return;
      refreshAccessToken()
        .then(() => s.connect())
        .catch(() => disconnectSocket());
    });
    // The token of a connected socket expired: the server says so, then disconnects it (a server-side
    // disconnect is never retried by socket.io). Refresh at once and reconnect once it has let go.
    let expiring = false;
    s.on(SOCKET_EVENTS.tokenExpired, () => {
      expiring = true;
      const refreshed = refreshAccessToken();
      s.once('disconnect', () => {
        expiring = false;
        refreshed.then(() => s.connect()).catch(() => disconnectSocket());
      });
    });
    // Any other disconnect by the server ends the session here (a logout elsewhere, the account disabled,
    // the password changed on another device): the refresh says so at once (the page goes to the login,
    // with the session-expired message) instead of at the next request; if the session lives on, reconnect.
    s.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect' || expiring) return;
      refreshAccessToken()
        .then(() => s.connect())
        .catch(() => disconnectSocket());
    });
    socket = s;
    connecting = null;
    publish();
    return s;
  });
  return connecting;
}

/** Reconnects with the current token (called after a refresh). */
export function reconnectSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

export function getSocket(): Socket | null {
  return socket;
}

/** Calls back now and whenever the socket is opened or closed. */
export function onSocketChange(listener: (s: Socket | null) => void): () => void {
  listeners.add(listener);
  listener(socket);
  return () => listeners.delete(listener);
}

export function disconnectSocket(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  publish();
}
