import type { UserInfo } from './contracts';
import { fullNameOf, useSessionStore } from './session-store';
import { DISPLAY_NAME_KEY, tokenStorage } from './tokens';

const student: UserInfo = {
  _id: 'u1',
  mssv: '2110001',
  firstName: 'An',
  lastName: 'Nguyễn Văn',
  email: 'an@hcmut.edu.vn',
  balance: 42.5,
  major: 'Khoa học máy tính',
  classes: 'MT21KH01',
  currentA4Price: 500,
  role: 'student',
};

beforeEach(() => {
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  window.localStorage.clear();
});

describe('useSessionStore', () => {
  it('starts unknown, with no user, role, balance or notices', () => {
    const s = useSessionStore.getState();
    expect(s.status).toBe('unknown');
    expect(s.user).toBeNull();
    expect(s.role).toBeNull();
    expect(s.balance).toBe(0);
    expect(s.newNotices).toBe(0);
  });

  it('setLoading marks the session as loading', () => {
    useSessionStore.getState().setLoading();
    expect(useSessionStore.getState().status).toBe('loading');
  });

  it('setUser keeps the user, takes the role and balance from it and marks the session ready', () => {
    useSessionStore.getState().setUser(student);
    const s = useSessionStore.getState();
    expect(s.status).toBe('ready');
    expect(s.user).toEqual(student);
    expect(s.role).toBe('student');
    expect(s.balance).toBe(42.5);
  });

  it('setBalance changes only the balance', () => {
    useSessionStore.getState().setUser(student);
    useSessionStore.getState().setBalance(7);
    const s = useSessionStore.getState();
    expect(s.balance).toBe(7);
    expect(s.user).toEqual(student);
    expect(s.role).toBe('student');
  });

  it('setNewNotices stores the count of new notices', () => {
    useSessionStore.getState().setNewNotices(3);
    expect(useSessionStore.getState().newNotices).toBe(3);
  });

  it('clear forgets the user, role, balance and notices and marks the session anonymous', () => {
    useSessionStore.getState().setUser({ ...student, role: 'spso' });
    useSessionStore.getState().setNewNotices(5);
    useSessionStore.getState().clear();
    const s = useSessionStore.getState();
    expect(s.status).toBe('anonymous');
    expect(s.user).toBeNull();
    expect(s.role).toBeNull();
    expect(s.balance).toBe(0);
    expect(s.newNotices).toBe(0);
  });

  it("keeps the user's name for the next load's first paint, and forgets it with the user", () => {
    useSessionStore.getState().setUser(student);
    expect(window.localStorage.getItem(DISPLAY_NAME_KEY)).toBe('Nguyễn Văn An');
    useSessionStore.getState().setUser({ ...student, firstName: 'Bình' });
    expect(window.localStorage.getItem(DISPLAY_NAME_KEY)).toBe('Nguyễn Văn Bình');
    useSessionStore.getState().clear();
    expect(window.localStorage.getItem(DISPLAY_NAME_KEY)).toBeNull();
    // signing out through the tokens forgets it too (logout, 419)
    useSessionStore.getState().setUser(student);
    tokenStorage.clear();
    expect(window.localStorage.getItem(DISPLAY_NAME_KEY)).toBeNull();
  });

  it('names a user last name first (the header, the side menu, the greeting)', () => {
    expect(fullNameOf(student)).toBe('Nguyễn Văn An');
  });

  it('notifies subscribers (the shell and the remotes read the same store)', () => {
    const seen: number[] = [];
    const stop = useSessionStore.subscribe((s) => seen.push(s.balance));
    useSessionStore.getState().setBalance(10);
    useSessionStore.getState().setBalance(11);
    stop();
    expect(seen).toEqual([10, 11]);
  });
});
