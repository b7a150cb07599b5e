import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';

const VNPAY = {
  PAYMENT_GATEWAY: 'vnpay',
  VNPAY_TMN_CODE: 'T1',
  VNPAY_HASH_SECRET: 'S3CR3T0123456789ABCDEFGHIJKLMNOP',
  PUBLIC_URL: 'https://print.test',
};

describe('production refuses the toy gateway and the demo data unless told explicitly', () => {
  it('refuses the sandbox gateway (the default) with NODE_ENV=production, saying why and how', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PAYMENT_GATEWAY=sandbox.*without payment.*ALLOW_SANDBOX_GATEWAY=true/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', ALLOW_SANDBOX_GATEWAY: 'false' })).toThrow(
      /ALLOW_SANDBOX_GATEWAY/,
    );
  });

  it('refuses the demo data (SEED_DEMO defaults to true) with NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...VNPAY })).toThrow(
      /SEED_DEMO=true.*SEED_DEMO=false.*ALLOW_DEMO_DATA=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...VNPAY, SEED_DEMO: 'true' })).toThrow(ConfigError);
  });

  it('starts in production with a real gateway and no demo data, or when each toy is allowed explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...VNPAY, SEED_DEMO: 'false' })).toMatchObject({
      env: 'production',
      paymentGateway: 'vnpay',
      seedDemo: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', ALLOW_SANDBOX_GATEWAY: 'true' })).toMatchObject({
      paymentGateway: 'sandbox',
      seedDemo: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_GATEWAY: 'yes', ALLOW_DEMO_DATA: '1' })).toMatchObject({
      paymentGateway: 'sandbox',
      seedDemo: true,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_GATEWAY: 'maybe' })).toThrow(
      /ALLOW_SANDBOX_GATEWAY/,
    );
  });

  it('keeps the demo defaults outside production (npm start sets no NODE_ENV)', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(loadConfig(env)).toMatchObject({ paymentGateway: 'sandbox', seedDemo: true });
    }
  });

  it('reads PAYMENT_CALLBACK_RATE_LIMIT (60 a minute by default)', () => {
    expect(loadConfig({}).paymentCallbackRateLimit).toBe(60);
    expect(loadConfig({ PAYMENT_CALLBACK_RATE_LIMIT: '600' }).paymentCallbackRateLimit).toBe(600);
    expect(() => loadConfig({ PAYMENT_CALLBACK_RATE_LIMIT: '0' })).toThrow(/PAYMENT_CALLBACK_RATE_LIMIT/);
  });

  it('refuses a placeholder VNPay secret and a public address over plain http', () => {
    for (const secret of ['s', 'x'.repeat(15)]) {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', ...VNPAY, SEED_DEMO: 'false', VNPAY_HASH_SECRET: secret }),
      ).toThrow(new RegExp(`VNPAY_HASH_SECRET of ${secret.length} characters`));
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...VNPAY, SEED_DEMO: 'false', PUBLIC_URL: 'http://print.test' }),
    ).toThrow(/PUBLIC_URL=http:\/\/print\.test.*https:\/\//);
    // outside production the sandbox and a local http address stay fine
    expect(loadConfig({ ...VNPAY, VNPAY_HASH_SECRET: 's', PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatchObject({
      paymentGateway: 'vnpay',
    });
  });

  it('refuses to start in production without any officer account, saying how to make the first one', () => {
    const start = (extra: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: path.join(REPO_ROOT, 'server'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          SEED_DEMO: 'false',
          ALLOW_SANDBOX_GATEWAY: 'true',
          PORT: '0',
          DATA_DIR: 'memory',
          PRINT_DISPATCHER: 'false',
          ...extra,
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const refused = start({});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Configuration error: NODE_ENV=production found no print-service officer/m);
  });

  it('the server process exits at start with one line saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(REPO_ROOT, 'server'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SEED_DEMO: 'false', PORT: '0', DATA_DIR: 'memory' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Configuration error: NODE_ENV=production refuses PAYMENT_GATEWAY=sandbox/m);
  });
});
