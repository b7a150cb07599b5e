import { apiClient } from './client';
import { loadSession } from './session';
import { useSessionStore } from './session-store';
import type { UserInfo } from './contracts';
import { disconnectSocket, getSocket } from './socket';
import { answer } from 'test-support/http';

// The realtime connection opened after login: an inert fake instead of a real socket.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const spso = {
  _id: 'u9',
  mssv: 'NV001',
  firstName: 'Bình',
  lastName: 'Trần',
  email: 'binh@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'spso',
};

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});
afterEach(() => {
  delete apiClient.defaults.adapter;
  disconnectSocket();
});

describe('loadSession', () => {
  it('without a stored token: the session is anonymous and nothing is fetched', async () => {
    const adapter = jest.fn();
    apiClient.defaults.adapter = adapter;
    await loadSession();
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(adapter).not.toHaveBeenCalled();
  });

  it('with a token: loads the user and role into the store and opens the socket', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    apiClient.defaults.adapter = (config) => answer(config, 200, { success: true, message: '', data: spso });
    await loadSession();
    const s = useSessionStore.getState();
    expect(s.status).toBe('ready');
    expect(s.role).toBe('spso');
    expect(s.user).toMatchObject({ firstName: 'Bình' });
    await new Promise((r) => setTimeout(r, 0));
    expect(getSocket()).not.toBeNull();
  });

  it('when the user call fails: the session is anonymous', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    apiClient.defaults.adapter = (config) => answer(config, 401, { success: false, message: 'no' });
    await loadSession();
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(useSessionStore.getState().role).toBeNull();
  });

  it("with the user's record asked for early (the shell's boot): uses it and asks nothing more", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    const adapter = jest.fn();
    apiClient.defaults.adapter = adapter;
    await loadSession(Promise.resolve({ ...spso, firstName: 'Sớm' } as UserInfo));
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', role: 'spso', user: { firstName: 'Sớm' } });
    expect(adapter).not.toHaveBeenCalled();
  });

  it('when the early request gave nothing (an expired token): asks through the client', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    const adapter = jest.fn((config) => answer(config, 200, { success: true, message: '', data: spso }));
    apiClient.defaults.adapter = adapter;
    await loadSession(Promise.resolve(null));
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', user: { firstName: 'Bình' } });
  });
});
