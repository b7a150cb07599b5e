import { ConfigError, loadConfig } from '../src/config';
import { parseDuration } from '../src/lib/duration';
import { hashPassword, verifyPassword } from '../src/lib/password';
import { semesterAt, semesterStarts } from '../src/lib/semester';
import { cacheControlFor } from '../src/plugins/portal';
import { validationMessage } from '../src/plugins/errors';

describe('parseDuration', () => {
  it.each([
    ['15m', 900_000],
    ['30s', 30_000],
    ['900', 900_000],
    ['7d', 604_800_000],
    ['12h', 43_200_000],
    ['250ms', 250],
    ['1.5s', 1_500],
  ])('%s → %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'abc', '-5m', '0', '15 minutes'])('rejects %p', (text) => expect(() => parseDuration(text)).toThrow());
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      accessTokenTtlMs: 900_000,
      refreshTokenTtlMs: 604_800_000,
      seedDemo: true,
      corsOrigins: [],
      remoteUrls: {
        student: '/remotes/student/remoteEntry.js',
        staff: '/remotes/staff/remoteEntry.js',
        spso: '/remotes/spso/remoteEntry.js',
      },
      login: { freeFailuresPerPair: 3, maxDelayMs: 900_000, maxFailuresPerIp: 20, windowMs: 900_000 },
      sessionRevocationPollMs: 1_000,
    });
    expect(config.dataDir).toMatch(/data[\\/]pglite$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: 'memory',
      SEED_DEMO: 'false',
      ACCESS_TOKEN_TTL: '30s',
      CORS_ORIGINS: 'http://localhost:3001, http://localhost:3002',
      REMOTE_SPSO_URL: 'https://cdn.example.edu/spso/remoteEntry.js',
      DATABASE_URL: 'postgres://x@localhost/db',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: 'memory',
      seedDemo: false,
      accessTokenTtlMs: 30_000,
      corsOrigins: ['http://localhost:3001', 'http://localhost:3002'],
      databaseUrl: 'postgres://x@localhost/db',
    });
    expect(config.remoteUrls.spso).toBe('https://cdn.example.edu/spso/remoteEntry.js');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ ACCESS_TOKEN_TTL: 'soon' }, /ACCESS_TOKEN_TTL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_SCHEMA: 'Bad-Name' }, /DATABASE_SCHEMA/],
  ])('rejects %p naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('passwords', () => {
  it('hashes with a salt and verifies in constant time', async () => {
    const a = await hashPassword('Demo@12345');
    const b = await hashPassword('Demo@12345');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Demo@12345', a)).toBe(true);
    expect(await verifyPassword('demo@12345', a)).toBe(false);
    expect(await verifyPassword('Demo@12345', 'garbage')).toBe(false);
  });
});

describe('semesters', () => {
  it('names semesters as the university does (HK252 = spring 2026, HK261 = autumn 2026)', () => {
    expect(semesterAt('2026-01-15', '2026-08-15', new Date('2026-03-01T00:00:00Z')).key).toBe('HK252');
    expect(semesterAt('2026-01-15', '2026-08-15', new Date('2026-09-01T00:00:00Z')).key).toBe('HK261');
    expect(semesterAt('2026-01-15', '2026-08-15', new Date('2026-01-10T00:00:00Z')).key).toBe('HK251');
  });

  it('lists the starts within a window, including the running one', () => {
    const keys = semesterStarts(
      '2026-01-15',
      '2026-08-15',
      new Date('2025-11-21T00:00:00Z'),
      new Date('2026-11-21T00:00:00Z'),
    ).map((s) => s.key);
    expect(keys).toEqual(['HK251', 'HK252', 'HK261']);
  });
});

describe('cache headers of portal files', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['main.js', 'no-cache'],
    ['guides/staff.html', 'no-cache'],
    ['129.8745d365d4.js', 'public, max-age=31536000, immutable'],
    ['styles.0a1b2c3d.css', 'public, max-age=31536000, immutable'],
    ['favicon.ico', 'public, max-age=86400'],
  ])('%s → %s', (file, header) => expect(cacheControlFor(file)).toBe(header));
});

describe('validation messages', () => {
  it('name the field in Vietnamese', () => {
    expect(
      validationMessage({ keyword: 'required', instancePath: '', params: { missingProperty: 'email' } }, 'body'),
    ).toBe('Thiếu trường bắt buộc "email"');
    expect(validationMessage({ keyword: 'minimum', instancePath: '/quantity', params: { limit: 1 } }, 'body')).toBe(
      'Trường "quantity" phải lớn hơn hoặc bằng 1',
    );
    expect(
      validationMessage(
        { keyword: 'required', instancePath: '/location', params: { missingProperty: 'room' } },
        'body',
      ),
    ).toBe('Thiếu trường bắt buộc "location.room"');
  });
});
