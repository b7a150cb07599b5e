import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { firstPageOf, loadedModule, loadOnce, roleOfToken } from './first-page';
import { REMOTE_LOCATIONS_PATH, startSignedInRequests, takeEarly, USER_INFORMATION_PATH } from './early-requests';
import { preloadable } from './preloadable';

/** A token shaped like the server's (header.payload.signature, base64url); the signature is not read. */
function tokenFor(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

describe('the first page (issue 22: its chunk asked for with the app, not after it)', () => {
  it('names the page a location draws first', () => {
    expect(firstPageOf('', null)).toBe('landing');
    expect(firstPageOf('#/', 'token')).toBe('landing');
    expect(firstPageOf('#/Login?next=%2FRelease', null)).toBe('login');
    expect(firstPageOf('#/ReleaseStation', null)).toBe('releaseStation');
    // behind the session gate: the signed-in app with a token, the login a visitor is sent to without
    expect(firstPageOf('#/Home', 'token')).toBe('signedIn');
    expect(firstPageOf('#/Printing?printer=1', null)).toBe('login');
  });

  it('reads the role a token names, and nothing from a token that is not one', () => {
    expect(roleOfToken(tokenFor({ sub: 'u1', role: 'student' }))).toBe('student');
    // base64url characters (- and _) in the payload are read too
    expect(roleOfToken(tokenFor({ sub: '>>>???', role: 'spso', pad: '~~~' }))).toBe('spso');
    expect(roleOfToken(null)).toBeNull();
    expect(roleOfToken('not-a-token')).toBeNull();
    expect(roleOfToken('a.%%%.c')).toBeNull();
    expect(roleOfToken(tokenFor({ sub: 'u1' }))).toBeNull();
  });

  it('loads a chunk once, keeps it, and forgets a failure so it can be asked for again', async () => {
    let calls = 0;
    const loader = () => {
      calls += 1;
      return Promise.resolve({ value: calls });
    };
    expect(loadedModule(loader)).toBeUndefined();
    const [a, b] = await Promise.all([loadOnce(loader), loadOnce(loader)]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    expect(loadedModule(loader)).toEqual({ value: 1 });

    let fail = true;
    const flaky = () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ ok: true }));
    await expect(loadOnce(flaky)).rejects.toThrow('offline');
    fail = false;
    await expect(loadOnce(flaky)).resolves.toEqual({ ok: true });
  });

  it('draws a preloaded page at once, without the Suspense fallback', async () => {
    const Page = ({ name }: { name: string }) => <p>page {name}</p>;
    const loader = () => Promise.resolve({ default: Page });
    const Preloaded = preloadable(loader);
    await loadOnce(loader);
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Preloaded name="A" />
      </Suspense>,
    );
    // synchronously there, in the very first commit
    expect(screen.getByText('page A')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('falls back to a lazy page when its chunk has not arrived', async () => {
    let resolve: (m: { default: () => ReactElement }) => void = () => undefined;
    const loader = () => new Promise<{ default: () => ReactElement }>((r) => (resolve = r));
    const Lazy = preloadable(loader);
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => resolve({ default: () => <p>arrived</p> }));
    expect(await screen.findByText('arrived')).toBeInTheDocument();
  });

  describe('signed in, the session check and the remote entry leave before the app code (startSignedInRequests)', () => {
    const realFetch = globalThis.fetch;
    let asked: { url: string; headers: Record<string, string> }[] = [];
    let answers: Record<string, { status: number; body: unknown }> = {};
    beforeEach(() => {
      asked = [];
      document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
      globalThis.fetch = ((url: string, init?: RequestInit) => {
        asked.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
        const answer = answers[url];
        if (!answer) return Promise.reject(new TypeError('offline'));
        // jsdom has no Response: the two members the code reads
        return Promise.resolve({
          ok: answer.status >= 200 && answer.status < 300,
          json: () => Promise.resolve(answer.body),
        } as Response);
      }) as typeof fetch;
    });
    afterEach(() => {
      globalThis.fetch = realFetch;
      localStorage.clear();
    });

    it('asks for the user with the token and the language, and preloads the role entry once its place is known', async () => {
      localStorage.setItem('lang', 'en');
      answers = {
        [USER_INFORMATION_PATH]: { status: 200, body: { data: { _id: 'u1', role: 'student' } } },
        [REMOTE_LOCATIONS_PATH]: { status: 200, body: { student: '/remotes/student/remoteEntry.js', staff: '/s' } },
      };
      await startSignedInRequests('student', 'the-token');
      expect(asked.map((a) => a.url)).toEqual([USER_INFORMATION_PATH, REMOTE_LOCATIONS_PATH]);
      expect(asked[0]?.headers).toEqual({ authorization: 'Bearer the-token', 'accept-language': 'en' });
      const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')];
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/remotes/student/remoteEntry.js']);
      // each answer is taken once, by the code that would have asked for it
      await expect(takeEarly(USER_INFORMATION_PATH)).resolves.toEqual({ data: { _id: 'u1', role: 'student' } });
      expect(takeEarly(USER_INFORMATION_PATH)).toBeNull();
      await expect(takeEarly(REMOTE_LOCATIONS_PATH)).resolves.toMatchObject({ student: expect.any(String) });
    });

    it('gives null for an answer that is not a 200 or did not come (the app then asks the usual way)', async () => {
      answers = { [USER_INFORMATION_PATH]: { status: 410, body: { message: 'hết hạn' } } };
      await startSignedInRequests('staff', 'expired');
      await expect(takeEarly(USER_INFORMATION_PATH)).resolves.toBeNull();
      await expect(takeEarly(REMOTE_LOCATIONS_PATH)).resolves.toBeNull();
      expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
      expect(takeEarly('/never-asked')).toBeNull();
    });
  });
});
