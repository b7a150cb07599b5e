/**
 * A socket.io-client for tests that connects nowhere:
 * `jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'))`. Handlers the
 * portal registers are kept, so a test can play a server event with `emitFakeSocketEvent`.
 */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Set<Handler>>();

export function emitFakeSocketEvent(event: string, ...args: unknown[]): void {
  for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
}

const managerHandlers = new Map<string, Set<Handler>>();

/** Plays the socket.io Manager's 'reconnect' (the connection came back after being lost). */
export function emitFakeReconnect(): void {
  for (const handler of [...(managerHandlers.get('reconnect') ?? [])]) handler();
}

export const io = jest.fn(() => ({
  io: {
    on: jest.fn((event: string, handler: Handler) => {
      const set = managerHandlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      managerHandlers.set(event, set);
    }),
    off: jest.fn((event: string, handler: Handler) => managerHandlers.get(event)?.delete(handler)),
  },
  on: jest.fn((event: string, handler: Handler) => {
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(event, set);
  }),
  off: jest.fn((event: string, handler: Handler) => handlers.get(event)?.delete(handler)),
  once: jest.fn(),
  connect: jest.fn(),
  disconnect: jest.fn(),
  removeAllListeners: jest.fn(() => handlers.clear()),
}));
