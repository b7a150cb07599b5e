import axios, { AxiosError, type AxiosResponse } from 'axios';
import { emitFakeSocketEvent, io } from 'test-support/fake-socket';
import { configureApiClient } from './client';
import { connectSocket, disconnectSocket, getSocket, SOCKET_TRANSPORT_KEY } from './socket';
import { tokenStorage } from './tokens';

// The realtime connection without a server: handlers are kept so a test plays the server's events.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

function refreshRefused(): Promise<never> {
  const response = { status: 419, statusText: '419', data: {}, headers: {}, config: {} } as AxiosResponse;
  return Promise.reject(new AxiosError('419', 'ERR_BAD_REQUEST', undefined, {}, response));
}

function refreshGranted(): Promise<AxiosResponse> {
  return Promise.resolve({
    status: 200,
    statusText: 'OK',
    data: { success: true, message: '', data: { accessToken: 'a2', refreshToken: 'r2' } },
    headers: {},
    config: {},
  } as AxiosResponse);
}

describe('the socket when the server ends it', () => {
  const expired = jest.fn();
  let post: jest.SpyInstance;
  beforeEach(() => {
    tokenStorage.set('a1', 'r1');
    expired.mockReset();
    configureApiClient({ onSessionExpired: expired });
    post = jest.spyOn(axios, 'post');
  });
  afterEach(() => {
    post.mockRestore();
    disconnectSocket();
  });

  it('a server disconnect whose session ended (account disabled, password changed elsewhere) ends the session here at once', async () => {
    post.mockImplementation(refreshRefused);
    await connectSocket();
    emitFakeSocketEvent('disconnect', 'io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(post).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(tokenStorage.getAccess()).toBeNull();
    expect(getSocket()).toBeNull();
  });

  it('a session that lives on (a server restart) refreshes and reconnects; a lost network is left to socket.io', async () => {
    post.mockImplementation(refreshGranted);
    const socket = (await connectSocket()) as unknown as { connect: jest.Mock };
    emitFakeSocketEvent('disconnect', 'transport close');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(post).not.toHaveBeenCalled();
    emitFakeSocketEvent('disconnect', 'io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(post).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
    expect(tokenStorage.getAccess()).toBe('a2');
    expect(socket.connect).toHaveBeenCalled();
    expect(io).toHaveBeenCalled();
  });
});

describe('the socket transports', () => {
  afterEach(() => {
    localStorage.removeItem(SOCKET_TRANSPORT_KEY);
    disconnectSocket();
    io.mockClear();
  });

  const options = () => (io.mock.calls.at(-1) as unknown as [string | undefined, Record<string, unknown>])[1];

  it('websocket first, long-polling when no websocket opens', async () => {
    await connectSocket();
    expect(options().transports).toEqual(['websocket', 'polling']);
    expect(options().tryAllTransports).toBe(true);
  });

  it("long-polling only when this browser's storage asks for it", async () => {
    localStorage.setItem(SOCKET_TRANSPORT_KEY, 'polling');
    await connectSocket();
    expect(options().transports).toEqual(['polling']);
  });
});
