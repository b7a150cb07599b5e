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

export const io = jest.fn(() => ({
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
