import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { LastRequestKeeper } from '../src/lib/warm-shapes';
import { createTestApp, type TestApp } from './helpers';

// lib/warm-shapes.ts: a server idle through major collections loses the shapes of its per-request objects and
// its hot code goes megamorphic (process.nextTick ~30 → ~265 ns a call in the portal's process, measured in
// bench/RESULTS.md); one object of each shape is kept alive so the shapes survive.
describe('warm shapes', () => {
  it("keeps one of Node's tick objects: tick objects made after six idle full collections still have its shape", () => {
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--allow-natives-syntax',
        '--import',
        'tsx',
        path.join('test', 'fixtures', 'tick-shape-child.ts'),
      ],
      { cwd: path.join(__dirname, '..'), encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).toBe('');
    const result = JSON.parse(child.stdout) as { same: boolean[]; keys: string[] };
    // a tick object: process.nextTick's { [asyncId], [triggerId], callback, args }
    expect(result.keys).toEqual([
      expect.stringMatching(/^Symbol\(/),
      expect.stringMatching(/^Symbol\(/),
      'callback',
      'args',
    ]);
    expect(result.same).toEqual([true, true, true, true, true, true]);
  });

  it('LastRequestKeeper holds what it was last given, one at a time', () => {
    const keeper = new LastRequestKeeper<{ n: number }>();
    expect(keeper.held()).toBeUndefined();
    const first = { n: 1 };
    const second = { n: 2 };
    keeper.hold(first);
    keeper.hold(second);
    expect(keeper.held()).toBe(second);
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('holds the last request that came in until the next one, an answered, a refused and a missing one alike', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(t.app.lastRequest.held()?.request.url).toBe('/healthz');
      // the auth hook refuses it: the keeper's hook ran before
      const refused = await t.app.inject({ method: 'GET', url: '/v1/user/information' });
      expect(refused.statusCode).toBe(401);
      expect(t.app.lastRequest.held()?.request.url).toBe('/v1/user/information');
      const missing = await t.app.inject({ method: 'GET', url: '/v1/no-such-path' });
      expect(missing.statusCode).toBe(404);
      expect(t.app.lastRequest.held()?.request.url).toBe('/v1/no-such-path');
      // held after its answer was sent: alive through the idle time that follows
      expect(t.app.lastRequest.held()?.sent).toBe(true);
    });
  });
});
