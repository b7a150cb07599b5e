import type { Browser, BrowserContextOptions } from 'playwright-core';

/** shared-api's SOCKET_TRANSPORT_KEY (shared-api/src/socket.ts): 'polling' forces long-polling. */
export const SOCKET_TRANSPORT_KEY = 'sp.socketTransport';

export type SocketTransport = 'websocket' | 'polling';

/** What the pages of a browser opened by socketTransportBrowser did on /socket.io/. */
export interface SocketTraffic {
  websockets: number;
  polls: number;
}

/**
 * The browser, whose every new context runs the portal's socket over `transport` ('polling': the
 * localStorage switch set before the page's scripts run), counting the websockets and polling requests
 * its pages open on /socket.io/, so a journey can be proven to have used the transport it was given.
 */
export function socketTransportBrowser(browser: Browser, transport: SocketTransport, traffic: SocketTraffic): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (options?: BrowserContextOptions) => {
          const context = await target.newContext(options);
          if (transport === 'polling') {
            await context.addInitScript((key) => localStorage.setItem(key, 'polling'), SOCKET_TRANSPORT_KEY);
          }
          context.on('page', (page) => {
            page.on('websocket', (ws) => {
              if (ws.url().includes('/socket.io/')) traffic.websockets += 1;
            });
            page.on('request', (request) => {
              if (/\/socket\.io\/\?.*transport=polling/.test(request.url())) traffic.polls += 1;
            });
          });
          return context;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Throws unless the traffic counted shows the transport asked for (and no other). */
export function assertTransport(transport: SocketTransport, traffic: SocketTraffic): void {
  if (transport === 'websocket' && traffic.websockets === 0) {
    throw new Error('the portal opened no websocket on /socket.io/');
  }
  if (transport === 'polling' && (traffic.websockets > 0 || traffic.polls === 0)) {
    throw new Error(
      `asked for long-polling, the portal opened ${traffic.websockets} websocket(s) and ${traffic.polls} poll(s) on ` +
        '/socket.io/ (is the front end built from sources that read sp.socketTransport? npm run build)',
    );
  }
}
