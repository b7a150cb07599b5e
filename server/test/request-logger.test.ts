import { Writable } from 'node:stream';
import pino from 'pino';
import { RequestLogger } from '../src/lib/request-logger';
import { createTestApp } from './helpers';

function lineStream(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { stream, lines };
}

describe("a request's logger (issue 22: made on its first line)", () => {
  it('makes no child for a request that writes nothing, one for all its lines, with its bindings', () => {
    const { stream, lines } = lineStream();
    const parent = pino({ level: 'info' }, stream);
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof parent.child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
    const log = new RequestLogger(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.debug('below the level');
    // a line below the level still goes through the child (pino's own no-op): only reading the level is free
    expect(children).toBe(1);
    const quiet = new RequestLogger(parent, { reqId: 'req-8' }, {});
    expect(quiet.level).toBe('info');
    expect(children).toBe(1);
    log.info({ printerId: 'B1-109' }, 'first');
    log.warn('second %s', 'line');
    expect(children).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-7', printerId: 'B1-109', msg: 'first' }),
      expect.objectContaining({ level: 40, reqId: 'req-7', msg: 'second line' }),
    ]);
  });

  it("keeps a route's own level", () => {
    const { stream, lines } = lineStream();
    const log = new RequestLogger(pino({ level: 'info' }, stream), { reqId: 'req-1' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    log.info('dropped');
    log.error('kept');
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
  });

  it("writes the access line and a route's own line with the request's id, as a child did", async () => {
    const { stream, lines } = lineStream();
    const app = await createTestApp({
      seed: false,
      logger: { level: 'info', stream },
      extraRoutes: (scope) => {
        scope.get('/v1/test/quiet', { config: { roles: 'public' } }, async () => ({ ok: true }));
        scope.get('/v1/test/talks', { config: { roles: 'public' } }, async (request) => {
          request.log.info({ step: 'talking' }, 'own line');
          return { ok: true };
        });
      },
    });
    try {
      expect((await app.app.inject({ url: '/v1/test/quiet' })).statusCode).toBe(200);
      expect((await app.app.inject({ url: '/v1/test/talks' })).statusCode).toBe(200);
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(completed).toEqual([
        expect.objectContaining({ reqId: expect.any(String), url: '/v1/test/quiet', statusCode: 200 }),
        expect.objectContaining({ reqId: expect.any(String), url: '/v1/test/talks', statusCode: 200 }),
      ]);
      const [quietId, talksId] = completed.map((line) => line.reqId);
      expect(talksId).not.toBe(quietId);
      expect(lines.find((line) => line.msg === 'own line')).toMatchObject({ reqId: talksId, step: 'talking' });
    } finally {
      await app.close();
    }
  });
});
