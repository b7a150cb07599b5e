import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { firstPageOf, loadedModule, loadOnce, roleOfToken } from './first-page';
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
});
