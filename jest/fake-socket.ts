/** An inert socket.io-client for tests: `jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'))`. */
export const io = jest.fn(() => ({
  on: jest.fn(),
  off: jest.fn(),
  connect: jest.fn(),
  disconnect: jest.fn(),
  removeAllListeners: jest.fn(),
}));
