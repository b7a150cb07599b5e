import axios, { AxiosError, type AxiosResponse } from 'axios';
import { emitFakeSocketEvent, io } from 'test-support/fake-socket';
import { configureApiClient } from './client';
import { connectSocket, disconnectSocket, getSocket } from './socket';
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
