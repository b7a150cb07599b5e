import { TOKEN_KEYS, tokenStorage } from './tokens';

beforeEach(() => window.localStorage.clear());

describe('tokenStorage', () => {
  it("keeps the tokens under the spec's localStorage keys", () => {
    expect(TOKEN_KEYS).toEqual({
      access: 'accessToken',
      refresh: 'refreshToken',
    });
  });

  it('set stores both tokens; getters read them back', () => {
    tokenStorage.set('a-1', 'r-1');
    expect(window.localStorage.getItem('accessToken')).toBe('a-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('r-1');
    expect(tokenStorage.getAccess()).toBe('a-1');
    expect(tokenStorage.getRefresh()).toBe('r-1');
  });

  it('set replaces a previous pair', () => {
    tokenStorage.set('a-1', 'r-1');
    tokenStorage.set('a-2', 'r-2');
    expect(tokenStorage.getAccess()).toBe('a-2');
    expect(tokenStorage.getRefresh()).toBe('r-2');
  });

  it('getters answer null when nothing is stored', () => {
    expect(tokenStorage.getAccess()).toBeNull();
    expect(tokenStorage.getRefresh()).toBeNull();
  });

  it("clear removes both tokens and the user's name, nothing else", () => {
    tokenStorage.set('a-1', 'r-1');
    tokenStorage.setDisplayName('Nguyễn Văn An');
    window.localStorage.setItem('lang', 'en');
    tokenStorage.clear();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('displayName')).toBeNull();
    expect(window.localStorage.getItem('lang')).toBe('en');
  });
});

describe('the school sign-in of the session', () => {
  it('is kept beside the tokens and cleared with them', () => {
    expect(tokenStorage.getSignInProvider()).toBeNull();
    tokenStorage.set('a-1', 'r-1');
    tokenStorage.setSignInProvider('cas');
    expect(window.localStorage.getItem('signInProvider')).toBe('cas');
    expect(tokenStorage.getSignInProvider()).toBe('cas');
    tokenStorage.clear();
    expect(tokenStorage.getSignInProvider()).toBeNull();
  });

  it('reads only a known way in', () => {
    window.localStorage.setItem('signInProvider', 'https://evil.test/');
    expect(tokenStorage.getSignInProvider()).toBeNull();
  });
});
