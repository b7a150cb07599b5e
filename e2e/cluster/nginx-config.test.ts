// The nginx configuration of a cluster, as text and as nginx reads it (`nginx -t`).
//   node --import tsx --test e2e/cluster/nginx-config.test.ts   (npm test runs it before the cluster checks)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nginxConfig, SOCKET_READ_TIMEOUT_S, STICKY_COOKIE } from '../../scripts/cluster/nginx-config.mjs';
import { NGINX } from '../../scripts/cluster/processes.mjs';

const INSTANCES = ['127.0.0.1:8081', '127.0.0.1:8082', '127.0.0.1:8083'];
const base = { port: 8080, instances: INSTANCES, prefix: '/tmp/sp-nginx-x', bodyLimit: 256 * 1024 * 1024 };

/** The body of the first block opened by `opening` (e.g. 'location /socket.io/'), braces balanced. */
function block(conf: string, opening: string): string {
  const start = conf.indexOf(`${opening} {`);
  assert.ok(start >= 0, `no block "${opening}"`);
  let depth = 0;
  for (let i = conf.indexOf('{', start); i < conf.length; i += 1) {
    if (conf[i] === '{') depth += 1;
    if (conf[i] === '}') depth -= 1;
    if (depth === 0) return conf.slice(start, i + 1);
  }
  throw new Error(`unbalanced block "${opening}"`);
}

describe('nginxConfig', () => {
  const conf = nginxConfig(base);

  it('listens on the port and spreads requests over every instance (least_conn)', () => {
    assert.match(conf, /^\s*listen 8080;$/m);
    const cluster = block(conf, 'upstream sp_cluster');
    assert.match(cluster, /least_conn;/);
    for (const address of INSTANCES) assert.match(cluster, new RegExp(`server ${address} max_fails=1`));
    assert.match(block(conf, 'location /'), /proxy_pass http:\/\/sp_cluster;/);
    assert.match(nginxConfig({ ...base, host: '127.0.0.1' }), /^\s*listen 127\.0\.0\.1:8080;$/m);
  });

  it('routes a sticky cookie to its instance, whose group has every other instance as a backup', () => {
    const map = block(conf, `map $cookie_${STICKY_COOKIE} $sp_backend`);
    assert.match(map, /default sp_cluster;/);
    INSTANCES.forEach((address, i) => {
      assert.match(map, new RegExp(`"${address}" sp_instance_${i + 1};`));
      const group = block(conf, `upstream sp_instance_${i + 1}`);
      assert.match(group, new RegExp(`server ${address} max_fails=1 fail_timeout=5s;`));
      const backups = INSTANCES.filter((other) => other !== address);
      for (const other of backups) assert.match(group, new RegExp(`server ${other} backup;`));
      assert.doesNotMatch(group, new RegExp(`server ${address} backup;`));
    });
    const socket = block(conf, 'location /socket.io/');
    assert.match(socket, /proxy_pass http:\/\/\$sp_backend;/);
    assert.match(
      socket,
      new RegExp(
        `add_header Set-Cookie "${STICKY_COOKIE}=\\$sp_answered; Path=/socket.io/; HttpOnly; SameSite=Lax" always;`,
      ),
    );
  });

  it('upgrades websockets on /socket.io/ with a read timeout above socket.io ping interval + timeout', () => {
    const socket = block(conf, 'location /socket.io/');
    assert.match(socket, /proxy_http_version 1\.1;/);
    assert.match(socket, /proxy_set_header Upgrade \$http_upgrade;/);
    assert.match(socket, /proxy_set_header Connection \$connection_upgrade;/);
    assert.match(socket, new RegExp(`proxy_read_timeout ${SOCKET_READ_TIMEOUT_S}s;`));
    assert.ok(SOCKET_READ_TIMEOUT_S > 25 + 20);
  });

  it("sets the client's address (never appends to the client's own X-Forwarded-For) in every location", () => {
    // a proxy_set_header in a location drops every inherited one: each location must carry them all
    for (const location of ['location /socket.io/', 'location /']) {
      const body = block(conf, location);
      assert.match(body, /proxy_set_header X-Forwarded-For \$remote_addr;/, location);
      assert.match(body, /proxy_set_header X-Forwarded-Proto \$scheme;/, location);
      assert.match(body, /proxy_set_header Host \$http_host;/, location);
    }
    assert.doesNotMatch(conf, /proxy_add_x_forwarded_for/);
  });

  it('keeps pid, logs and temp files in the prefix, with the body limit given, and a user only when asked', () => {
    for (const line of conf.split('\n').filter((l) => /(_path|^pid|_log) /.test(l.trim()))) {
      assert.match(line, /\/tmp\/sp-nginx-x\//, line);
    }
    assert.match(conf, new RegExp(`client_max_body_size ${256 * 1024 * 1024};`));
    assert.doesNotMatch(conf, /^user /m);
    assert.match(nginxConfig({ ...base, user: 'nobody nogroup' }), /^user nobody nogroup;$/m);
  });

  it('refuses what would make a broken or unsafe file', () => {
    assert.throws(() => nginxConfig({ ...base, instances: [] }), /at least one instance/);
    assert.throws(() => nginxConfig({ ...base, instances: ['127.0.0.1'] }), /host:port/);
    assert.throws(() => nginxConfig({ ...base, instances: ['127.0.0.1:1; evil'] }), /host:port/);
    assert.throws(() => nginxConfig({ ...base, instances: [INSTANCES[0] ?? '', INSTANCES[0] ?? ''] }), /twice/);
    assert.throws(() => nginxConfig({ ...base, prefix: 'relative' }), /absolute/);
    assert.throws(() => nginxConfig({ ...base, prefix: '/tmp/a b' }), /absolute/);
    assert.throws(() => nginxConfig({ ...base, port: 0 }), /port/);
    assert.throws(() => nginxConfig({ ...base, bodyLimit: 0 }), /bodyLimit/);
    assert.throws(() => nginxConfig({ ...base, user: 'root; load_module x' }), /user/);
  });

  it('is a configuration nginx accepts (nginx -t)', { skip: !existsSync(NGINX) && `no nginx at ${NGINX}` }, () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'sp-nginx-test-'));
    try {
      mkdirSync(path.join(prefix, 'logs'));
      mkdirSync(path.join(prefix, 'temp'));
      const file = path.join(prefix, 'nginx.conf');
      writeFileSync(file, nginxConfig({ ...base, port: 18080, prefix }));
      const result = spawnSync(NGINX, ['-t', '-p', prefix, '-c', file, '-e', path.join(prefix, 'logs', 'error.log')], {
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stderr, /syntax is ok/);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
