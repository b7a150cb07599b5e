import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { CONFIG_VARIABLES, REPO_ROOT } from '../src/config';
import { SHUTDOWN_TIMEOUT_MS } from '../src/shutdown';
import { createTestApp, type TestApp } from './helpers';

/**
 * The deploy/ folder (image, compose, nginx, Kubernetes, the operators' README) parsed and held against the
 * server: the variables it reads, its port, /healthz, its shutdown time, socket.io's ping and the largest
 * upload. Docker and Kubernetes do not run here: this is what keeps the files from drifting.
 */

const DEPLOY = path.join(REPO_ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');

type VariableName = keyof typeof CONFIG_VARIABLES;
const isVariable = (name: string): name is VariableName => Object.hasOwn(CONFIG_VARIABLES, name);
const SECRET_VARIABLES = Object.entries(CONFIG_VARIABLES)
  .filter(([, kind]) => kind === 'secret')
  .map(([name]) => name)
  .sort();

/** Names that are not variables the server reads (empty when all are). */
const unknownVariables = (names: Iterable<string>) => [...names].filter((name) => !isVariable(name));

// ---------------------------------------------------------------------------------------------------------
// small parsers

/** Every file under dir, relative to it, with forward slashes. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

/** A YAML file's documents as plain values (merge keys `<<` resolved); a syntax error throws. */
function parseYaml(text: string): unknown[] {
  return parseAllDocuments(text, { merge: true }).map((doc) => {
    if (doc.errors.length > 0) throw new Error(doc.errors.map((error) => error.message).join('\n'));
    return doc.toJS() as unknown;
  });
}

// The manifests are untyped data: read them through these guards rather than casts.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function obj(value: unknown, what: string): Json {
  if (!isObject(value)) throw new Error(`${what}: expected a mapping, got ${JSON.stringify(value)}`);
  return value;
}
function arr(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what}: expected a list, got ${JSON.stringify(value)}`);
  return value;
}
const strOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** KEY=VALUE lines (env files): comments and blank lines skipped. */
function parseEnvFile(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(trimmed);
    if (!match) throw new Error(`not KEY=VALUE: ${line}`);
    const [, key = '', value = ''] = match;
    entries.set(key, value);
  }
  return entries;
}

interface DockerInstruction {
  op: string;
  args: string;
  /** 0 for the first FROM's stage, 1 for the next... */
  stage: number;
}

/** Dockerfile instructions: continuation lines joined, comments dropped, each tagged with its stage. */
function parseDockerfile(text: string): DockerInstruction[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === '')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  let stage = -1;
  return logical
    .filter((line) => line !== '')
    .map((line) => {
      const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      if (op.toUpperCase() === 'FROM') stage += 1;
      return { op: op.toUpperCase(), args: args.trim(), stage };
    });
}

/** Words of a shell-like line; "double" and 'single' quotes keep spaces. */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** `ENV A=1 B="two"` or the old `ENV A 1`. */
function parseEnvInstruction(args: string): Array<[string, string]> {
  const parts = words(args);
  const first = parts[0] ?? '';
  if (!first.includes('=')) return [[first, parts.slice(1).join(' ')]];
  return parts.map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at), part.slice(at + 1)];
  });
}

interface NginxDirective {
  name: string;
  args: string[];
  children?: NginxDirective[];
}

/** nginx.conf as a tree of directives and blocks (comments dropped, quotes removed). */
function parseNginx(text: string): NginxDirective[] {
  const tokens = [...text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'([^']*)'|([{};])|([^\s{};"'#]+)/g)]
    .filter((m) => !m[0].startsWith('#'))
    .map((m) => ({ text: m[1] ?? m[2] ?? m[3] ?? m[4] ?? '', punct: m[3] !== undefined }));
  let at = 0;
  const block = (): NginxDirective[] => {
    const out: NginxDirective[] = [];
    for (let token = tokens[at]; token; token = tokens[at]) {
      at += 1;
      if (token.punct && token.text === '}') return out;
      const name = token.text;
      const args: string[] = [];
      let next = tokens[at];
      for (; next && !next.punct; next = tokens[at]) {
        args.push(next.text);
        at += 1;
      }
      at += 1;
      if (!next || next.text === '}') throw new Error(`nginx.conf: "${name}" is not ended`);
      out.push(next.text === '{' ? { name, args, children: block() } : { name, args });
    }
    return out;
  };
  return block();
}

const directives = (list: NginxDirective[] | undefined, name: string) =>
  (list ?? []).filter((directive) => directive.name === name);
function only(list: NginxDirective[] | undefined, name: string, ...args: string[]): NginxDirective {
  const found = directives(list, name).filter((d) => args.every((arg, i) => d.args[i] === arg));
  const [first] = found;
  if (found.length !== 1 || !first) {
    throw new Error(`nginx.conf: expected one "${[name, ...args].join(' ')}", found ${found.length}`);
  }
  return first;
}

/** nginx and compose durations: `120s`, `2m`, `120` (seconds). */
const DURATION_UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
function seconds(value: string | undefined): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec((value ?? '').trim());
  if (!match) throw new Error(`not a duration: ${value}`);
  return Number(match[1]) * (DURATION_UNITS[match[2] ?? 's'] ?? NaN);
}

/** nginx sizes: `256m`, `1g`, `1024`. */
const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
function bytes(value: string | undefined): number {
  const match = /^(\d+)([kmg])?$/i.exec((value ?? '').trim());
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * (SIZE_UNITS[(match[2] ?? '').toLowerCase()] ?? NaN);
}

/** A fallback as config.ts writes it, as the README shows it: '15m' → 15m, 1_048_576 → 1048576. */
const literalValue = (code: string) => (code.startsWith("'") ? code.slice(1, -1) : code.replace(/_/g, ''));

// ---------------------------------------------------------------------------------------------------------
// what the files say

const FILES = listFiles(DEPLOY);

const docker = parseDockerfile(read('Dockerfile'));
const lastStage = Math.max(...docker.map((i) => i.stage));
const runtime = docker.filter((i) => i.stage === lastStage);
const dockerEnv = new Map(runtime.filter((i) => i.op === 'ENV').flatMap((i) => parseEnvInstruction(i.args)));
const exposed = runtime
  .filter((i) => i.op === 'EXPOSE')
  .flatMap((i) => words(i.args).map((p) => Number(p.split('/')[0])));

const composeFile = obj(parseYaml(read('compose.yaml'))[0], 'compose.yaml');
const services = obj(composeFile.services, 'compose services');
/** The services running the portal's image (built from deploy/Dockerfile). */
const instances = Object.entries(services)
  .map(([name, service]) => [name, obj(service, name)] as const)
  .filter(([, service]) => isObject(service.build) && service.build.dockerfile === 'deploy/Dockerfile');

/** A compose service's environment, from the map or the list form. */
function composeEnvironment(service: Json): Map<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return new Map(env.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2) as [string, string]));
  }
  return new Map(Object.entries(env === undefined ? {} : obj(env, 'environment')).map(([k, v]) => [k, strOf(v)]));
}
/** Its volumes as { source, target } (the short `source:target[:mode]` form or the long one). */
function composeVolumes(service: Json): Array<{ source: string; target: string }> {
  return arr(service.volumes ?? [], 'volumes').map((volume) => {
    if (typeof volume === 'string') {
      const [source = '', target = ''] = volume.split(':');
      return { source, target };
    }
    const long = obj(volume, 'volume');
    return { source: strOf(long.source), target: strOf(long.target) };
  });
}
function firstInstance(): Json {
  const [first] = instances;
  if (!first) throw new Error('compose.yaml: no service built from deploy/Dockerfile');
  return first[1];
}
const envFilesOf = (service: Json) =>
  (Array.isArray(service.env_file) ? service.env_file : [service.env_file]).filter(Boolean).map(String);

const envExample = parseEnvFile(read('.env.example'));
const postgresEnvExample = parseEnvFile(read('postgres.env.example'));

const k8sDocs = FILES.filter((file) => file.startsWith('k8s/') && file.endsWith('.yaml')).flatMap((file) =>
  parseYaml(read(file)).map((doc) => ({ file, doc: obj(doc, file) })),
);
function k8s(kind: string): Json {
  const found = k8sDocs.filter(({ doc }) => doc.kind === kind);
  const [first] = found;
  if (found.length !== 1 || !first) throw new Error(`deploy/k8s: expected one ${kind}, found ${found.length}`);
  return first.doc;
}
const configMap = k8s('ConfigMap');
const configData = new Map(Object.entries(obj(configMap.data, 'ConfigMap data')).map(([k, v]) => [k, strOf(v)]));
const secret = k8s('Secret');
const secretData = new Map(
  Object.entries({
    ...obj(secret.stringData ?? {}, 'Secret stringData'),
    ...obj(secret.data ?? {}, 'Secret data'),
  }).map(([k, v]) => [k, strOf(v)]),
);
const deployment = k8s('Deployment');
const podSpec = obj(obj(obj(deployment.spec, 'spec').template, 'template').spec, 'pod spec');
const containers = arr(podSpec.containers, 'containers').map((c, i) => obj(c, `container ${i}`));
const server = obj(containers[0], 'the first container');
const containerPorts = arr(server.ports, 'ports').map((p) => obj(p, 'port'));
/** A probe's or Service's port: a number, or the name of one of the container's ports. */
function resolvePort(port: unknown): number {
  if (typeof port === 'number') return port;
  const named = containerPorts.find((p) => p.name === port);
  if (!named) throw new Error(`no container port named ${String(port)}`);
  return Number(named.containerPort);
}
const service = k8s('Service');
const ingress = k8s('Ingress');
const pvc = k8s('PersistentVolumeClaim');

const nginx = parseNginx(read('nginx.conf'));
const http = only(nginx, 'http').children;
const portalUpstream = only(http, 'upstream', 'portal').children;
const upstreamAddresses = directives(portalUpstream, 'server').map((d) => d.args[0]);

const readmeText = read('README.md');
/** The README's variables table: name → cells (default, secret, meaning). */
const readmeTable = new Map(
  readmeText
    .split('\n')
    .map((line) => /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|([^|]*)\|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] ?? '', { default: (m[2] ?? '').trim(), secret: (m[3] ?? '').trim() }]),
);

// ---------------------------------------------------------------------------------------------------------

describe('deploy/ agrees with the server', () => {
  let t: TestApp;
  /** socket.io's ping interval + timeout, in seconds, as the server's handshake says. */
  let socketSilenceSeconds = 0;
  /** The largest print request the server accepts by default (system configuration). */
  let maxRequestBytes = 0;
  let healthz: { status: number; body: { success?: boolean } };

  beforeAll(async () => {
    t = await createTestApp({ seed: { generatedStudents: 0, jobs: 0 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const health = await fetch(`${base}/healthz`);
    healthz = { status: health.status, body: (await health.json()) as { success?: boolean } };
    // engine.io's handshake over polling: `0{"sid":…,"pingInterval":25000,"pingTimeout":20000,…}`
    const handshake = await (await fetch(`${base}/socket.io/?EIO=4&transport=polling`)).text();
    const open = JSON.parse(handshake.replace(/^0/, '')) as { pingInterval: number; pingTimeout: number };
    socketSilenceSeconds = (open.pingInterval + open.pingTimeout) / 1000;
    const row = await t.app.db.one<{ max_request_bytes: number }>('SELECT max_request_bytes FROM system_config');
    maxRequestBytes = Number(row?.max_request_bytes);
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows every file in deploy/', () => {
    const checked = [
      'Dockerfile',
      'README.md',
      'nginx.conf',
      'compose.yaml',
      '.env.example',
      'postgres.env.example',
      '.gitignore',
    ];
    const unchecked = FILES.filter((file) => !checked.includes(file) && !/^k8s\/[a-z.-]+\.yaml$/.test(file));
    // a new file needs its own checks here
    expect(unchecked).toEqual([]);
    // and every YAML parses (parseYaml throws on a syntax error)
    expect(k8sDocs.length).toBeGreaterThanOrEqual(7);
  });

  describe('CONFIG_VARIABLES', () => {
    it('is exactly the variables config.ts reads', () => {
      const source = fs.readFileSync(path.join(REPO_ROOT, 'server', 'src', 'config.ts'), 'utf8');
      const reads = new Set(
        [...source.matchAll(/\b(?:str|int|bool|duration|list|httpUrl)\(env, '([A-Z][A-Z0-9_]*)'/g)].map(
          (m) => m[1] ?? '',
        ),
      );
      // any other way of reading the environment would escape this list
      expect(source.match(/process\.env\.[A-Z]|env\[['"`]|env\.[A-Z]/g) ?? []).toEqual([]);
      expect(reads.size).toBeGreaterThan(50);
      expect([...reads].filter((name) => !isVariable(name))).toEqual([]);
      expect(Object.keys(CONFIG_VARIABLES).filter((name) => !reads.has(name))).toEqual([]);
    });
  });

  describe('the image (Dockerfile)', () => {
    it('builds on node:20-bookworm-slim with npm install (not npm ci) and npm run build', () => {
      const bases = docker.filter((i) => i.op === 'FROM').map((i) => words(i.args)[0]);
      const arg = docker.find((i) => i.op === 'ARG' && i.args.startsWith('NODE_IMAGE='));
      const resolved = bases.map((base) => (base === '${NODE_IMAGE}' ? arg?.args.split('=')[1] : base));
      expect(resolved.length).toBeGreaterThanOrEqual(2);
      for (const base of resolved) expect(base).toBe('node:20-bookworm-slim');
      const runs = docker.filter((i) => i.op === 'RUN').map((i) => i.args);
      expect(runs.some((run) => /\bnpm ci\b/.test(run))).toBe(false);
      expect(runs.some((run) => /npm install --no-audit --no-fund(?!.*--omit)/.test(run))).toBe(true);
      expect(runs.some((run) => /npm run build/.test(run))).toBe(true);
      expect(runs.some((run) => /npm install .*--omit=dev/.test(run))).toBe(true);
    });

    it('carries what node server/dist/server.js reads: server, shared-api contracts, the portal folders', () => {
      const copied = runtime
        .filter((i) => i.op === 'COPY' && i.args.startsWith('--from='))
        .map((i) => words(i.args).slice(1));
      const workdir = runtime.filter((i) => i.op === 'WORKDIR').map((i) => i.args);
      expect(workdir).toEqual(['/app']);
      // the portal plugin reads <PORTAL_DIR>/shell/dist and <PORTAL_DIR>/remote-<role>/dist, PORTAL_DIR = the root
      for (const folder of [
        'server/dist',
        'shared-api/dist',
        'shell/dist',
        'remote-student/dist',
        'remote-staff/dist',
        'remote-spso/dist',
        'node_modules',
      ]) {
        expect(copied).toContainEqual([`/app/${folder}`, `./${folder}`]);
      }
      const cmd = JSON.parse(runtime.find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
      expect(cmd).toEqual(['node', 'server/dist/server.js']);
    });

    it('installs every package the server imports: its own production dependencies (root ones are not in the image)', () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      const sources = listFiles(path.join(REPO_ROOT, 'server', 'src')).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      const imported = new Set<string>();
      for (const file of sources) {
        const text = fs.readFileSync(path.join(REPO_ROOT, 'server', 'src', file), 'utf8');
        const specifiers = [
          ...text.matchAll(/^\s*(?:import|export|\})[^\n]*?\bfrom '([^']+)'|^import '([^']+)'/gm),
          ...text.matchAll(/\b(?:require|require\.resolve|import)\('([^']+)'\)/g),
        ].map((m) => m[1] ?? m[2] ?? '');
        for (const specifier of specifiers) {
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
          // the package's name: @scope/name or name
          imported.add(
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          );
        }
      }
      expect(imported.has('fastify')).toBe(true);
      // tsx only runs the worker's TypeScript source in development; the image runs its compiled .js
      const missing = [...imported].filter((name) => !Object.hasOwn(manifest.dependencies, name) && name !== 'tsx');
      expect(missing).toEqual([]);
    });

    it('runs unprivileged, exposes PORT, checks /healthz, stops on SIGTERM, LibreOffice optional', () => {
      const user = runtime.filter((i) => i.op === 'USER').map((i) => i.args);
      expect(user).toHaveLength(1);
      expect(user[0]).toMatch(/^[1-9]\d*(:\d+)?$/);
      expect(exposed).toEqual([Number(dockerEnv.get('PORT'))]);
      const healthcheck = runtime.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
      const url = new URL(/https?:\/\/[^'"\s)]+/.exec(healthcheck)?.[0] ?? 'http://missing');
      expect(url.pathname).toBe('/healthz');
      expect(Number(url.port)).toBe(exposed[0]);
      expect(runtime.find((i) => i.op === 'STOPSIGNAL')?.args).toBe('SIGTERM');
      expect(docker.some((i) => i.op === 'ARG' && /^WITH_LIBREOFFICE=/.test(i.args))).toBe(true);
      expect(runtime.some((i) => i.op === 'RUN' && /WITH_LIBREOFFICE.*libreoffice-writer-nogui/.test(i.args))).toBe(
        true,
      );
    });

    it('sets only variables the server reads, none of them secret', () => {
      expect(dockerEnv.size).toBeGreaterThan(0);
      expect(unknownVariables(dockerEnv.keys())).toEqual([]);
      expect([...dockerEnv.keys()].filter((name) => SECRET_VARIABLES.includes(name))).toEqual([]);
    });

    it('has a .dockerignore at the build context (the repository root) that keeps out builds and secrets', () => {
      const ignored = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
      for (const pattern of [
        '**/node_modules',
        '**/dist',
        '.git',
        '**/.env',
        'data',
        'deploy/tls',
        'deploy/k8s/secret.yaml',
      ]) {
        expect(ignored).toContain(pattern);
      }
    });
  });

  describe('the server answers as the probes expect', () => {
    it('GET /healthz is 200 on a healthy instance', () => {
      expect(healthz.status).toBe(200);
      expect(healthz.body.success).toBe(true);
    });
  });

  describe('compose.yaml, its env files and nginx.conf', () => {
    it('runs two or more identical instances of the image on PostgreSQL 15', () => {
      expect(instances.length).toBeGreaterThanOrEqual(2);
      const first = firstInstance();
      const strip = (s: Json) => ({ ...s, networks: undefined });
      for (const [, other] of instances) expect(strip(other)).toEqual(strip(first));
      const postgres = obj(services.postgres, 'postgres service');
      expect(String(postgres.image)).toMatch(/^postgres:15\b/);
      expect(composeVolumes(postgres).map((v) => v.target)).toContain('/var/lib/postgresql/data');
      const depends = obj(first.depends_on, 'depends_on');
      expect(obj(depends.postgres, 'depends_on.postgres').condition).toBe('service_healthy');
    });

    it('gives the instances only variables the server reads, PORT = EXPOSE, secrets only from the env file', () => {
      for (const [name, instance] of instances) {
        const env = composeEnvironment(instance);
        expect({ name, unknown: unknownVariables(env.keys()) }).toEqual({ name, unknown: [] });
        expect([...env.keys()].filter((key) => SECRET_VARIABLES.includes(key))).toEqual([]);
        expect(Number(env.get('PORT') ?? dockerEnv.get('PORT'))).toBe(exposed[0]);
        expect(env.get('TRUST_PROXY')).toBe('true');
        // the operator writes .env from .env.example
        expect(envFilesOf(instance)).toEqual(['.env']);
      }
    });

    it('mounts one shared upload volume on every instance at UPLOAD_DIR', () => {
      const declared = Object.keys(obj(composeFile.volumes, 'compose volumes'));
      const sources = new Set<string>();
      for (const [, instance] of instances) {
        const uploadDir = composeEnvironment(instance).get('UPLOAD_DIR') ?? dockerEnv.get('UPLOAD_DIR');
        expect(uploadDir).toBe(dockerEnv.get('UPLOAD_DIR'));
        const mount = composeVolumes(instance).find((volume) => volume.target === uploadDir);
        expect(mount).toBeDefined();
        // a named volume (shared), not a folder of one container
        expect(declared).toContain(mount?.source);
        sources.add(String(mount?.source));
      }
      expect(sources.size).toBe(1);
    });

    it('waits longer than the server takes to shut down', () => {
      for (const [, instance] of instances) {
        expect(seconds(strOf(instance.stop_grace_period)) * 1000).toBeGreaterThan(SHUTDOWN_TIMEOUT_MS);
        expect(instance.stop_signal ?? 'SIGTERM').toBe('SIGTERM');
      }
    });

    it('has env file examples with only known variables and placeholder secrets', () => {
      expect(unknownVariables(envExample.keys())).toEqual([]);
      for (const name of SECRET_VARIABLES.filter((n) => envExample.has(n))) {
        // never a real secret: empty, or a placeholder the server refuses
        expect({ name, value: envExample.get(name) }).toEqual({
          name,
          value: expect.stringMatching(/^$|CHANGE-ME/) as unknown as string,
        });
      }
      expect(envExample.get('DATABASE_URL')).toBeDefined();
      expect(envExample.get('JWT_SECRET')).toBeDefined();
      // UPLOAD_DIR and PORT come from compose.yaml, next to the volume and nginx they must agree with
      expect(envExample.has('UPLOAD_DIR') || envExample.has('PORT')).toBe(false);
      expect([...postgresEnvExample.keys()].every((key) => key.startsWith('POSTGRES_'))).toBe(true);
      expect(envFilesOf(obj(services.postgres, 'postgres'))).toEqual(['postgres.env']);
    });

    it('DATABASE_URL names the compose database with postgres.env’s user, password and database', () => {
      const url = new URL(envExample.get('DATABASE_URL') ?? '');
      expect(url.protocol).toBe('postgres:');
      expect(url.hostname).toBe('postgres');
      expect(Object.keys(services)).toContain(url.hostname);
      expect(decodeURIComponent(url.username)).toBe(postgresEnvExample.get('POSTGRES_USER'));
      expect(decodeURIComponent(url.password)).toBe(postgresEnvExample.get('POSTGRES_PASSWORD'));
      expect(url.pathname).toBe(`/${postgresEnvExample.get('POSTGRES_DB')}`);
    });

    it('keeps the operator’s filled-in files out of git', () => {
      const ignored = read('.gitignore').split('\n');
      for (const file of ['.env', 'postgres.env', 'k8s/secret.yaml']) expect(ignored).toContain(file);
    });

    it('nginx proxies to exactly the compose instances, on PORT', () => {
      const port = Number(dockerEnv.get('PORT'));
      const addresses = instances.map(([, instance]) => {
        const networks = obj(instance.networks, 'networks');
        const network = obj(Object.values(networks)[0], 'network');
        return `${String(network.ipv4_address)}:${port}`;
      });
      expect([...upstreamAddresses].sort()).toEqual([...addresses].sort());
      const nginxService = obj(services.nginx, 'nginx service');
      expect(composeVolumes(nginxService)).toContainEqual({ source: './nginx.conf', target: '/etc/nginx/nginx.conf' });
    });

    it('nginx upgrades socket.io to websockets and keeps polling on the instance that answered', () => {
      const server = directives(http, 'server').find((s) => directives(s.children, 'location').length > 0);
      const locations = directives(server?.children, 'location');
      const socketIo = only(locations, 'location', '/socket.io/').children;
      // the cookie names the instance; the map accepts only our instances, anything else goes to the group
      const cookieMap = only(http, 'map', '$cookie_sp_upstream');
      const entries = cookieMap.children ?? [];
      expect(only(entries, 'default').args).toEqual(['portal']);
      const named = entries.filter((entry) => entry.name !== 'default');
      expect(named.map((entry) => entry.name).sort()).toEqual([...upstreamAddresses].sort());
      for (const entry of named) expect(entry.args).toEqual([entry.name]);
      expect(only(socketIo, 'proxy_pass').args).toEqual([`http://${cookieMap.args[1]}`]);
      // the fallback when the named instance is gone: the group, setting the cookie anew
      const fallbackName = only(socketIo, 'error_page').args.at(-1) ?? '';
      const fallback = only(locations, 'location', fallbackName).children;
      expect(only(fallback, 'proxy_pass').args).toEqual(['http://portal']);

      const upgrade = only(http, 'map', '$http_upgrade');
      for (const location of [socketIo, fallback]) {
        const headers = directives(location, 'proxy_set_header').map((d) => d.args.join(' '));
        expect(headers).toContain('Upgrade $http_upgrade');
        expect(headers).toContain(`Connection ${upgrade.args[1]}`);
        const version =
          directives(location, 'proxy_http_version')[0] ?? directives(server?.children, 'proxy_http_version')[0];
        expect(version?.args).toEqual(['1.1']);
        expect(seconds(only(location, 'proxy_read_timeout').args[0])).toBeGreaterThan(socketSilenceSeconds);
        const cookie = directives(location, 'add_header').find((d) => d.args[0] === 'Set-Cookie');
        expect(cookie?.args[1]).toMatch(/^sp_upstream=\$\w+; Path=\/; HttpOnly;.*SameSite=Lax/);
      }
    });

    it('nginx passes the client’s address (set, not appended) and takes the largest upload', () => {
      const server = directives(http, 'server').find((s) => directives(s.children, 'location').length > 0);
      for (const location of directives(server?.children, 'location')) {
        const headers = directives(location.children, 'proxy_set_header').map((d) => d.args.join(' '));
        // the address nginx sees, replacing whatever the client sent (TRUST_PROXY believes this header)
        expect(headers.filter((header) => /^X-Forwarded-For\s/i.test(header))).toEqual([
          'X-Forwarded-For $remote_addr',
        ]);
        expect(headers).toContain('X-Forwarded-Proto $scheme');
        expect(headers).toContain('Host $host');
      }
      expect(bytes(only(server?.children, 'client_max_body_size').args[0])).toBeGreaterThanOrEqual(maxRequestBytes);
    });
  });

  describe('Kubernetes (deploy/k8s)', () => {
    it('ConfigMap and Secret: only variables the server reads; every secret in the Secret, none in the ConfigMap', () => {
      expect(unknownVariables(configData.keys())).toEqual([]);
      expect(unknownVariables(secretData.keys())).toEqual([]);
      expect([...configData.keys()].filter((name) => SECRET_VARIABLES.includes(name))).toEqual([]);
      expect([...secretData.keys()].sort()).toEqual(SECRET_VARIABLES);
      for (const [name, value] of secretData) {
        expect({ name, value }).toEqual({ name, value: expect.stringMatching(/^$|CHANGE-ME/) as unknown as string });
      }
    });

    it('the Deployment reads them, and names only variables the server reads', () => {
      const envFrom = arr(server.envFrom, 'envFrom').map((e) => obj(e, 'envFrom'));
      expect(envFrom.map((e) => obj(e.configMapRef ?? {}, 'ref').name).filter(Boolean)).toEqual([
        obj(configMap.metadata, 'metadata').name,
      ]);
      expect(envFrom.map((e) => obj(e.secretRef ?? {}, 'ref').name).filter(Boolean)).toEqual([
        obj(secret.metadata, 'metadata').name,
      ]);
      const env = arr(server.env ?? [], 'env').map((e) => String(obj(e, 'env').name));
      expect(unknownVariables(env)).toEqual([]);
      expect(env.filter((name) => SECRET_VARIABLES.includes(name))).toEqual([]);
    });

    it('one port: PORT = containerPort = EXPOSE = the probes’ port = the Service’s targetPort', () => {
      const port = Number(configData.get('PORT'));
      expect(port).toBe(exposed[0]);
      expect(containerPorts.map((p) => Number(p.containerPort))).toEqual([port]);
      const servicePorts = arr(obj(service.spec, 'Service spec').ports, 'Service ports').map((p) => obj(p, 'port'));
      expect(servicePorts.map((p) => resolvePort(p.targetPort))).toEqual([port]);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        const httpGet = obj(obj(server[probe], probe).httpGet, `${probe}.httpGet`);
        expect({ probe, port: resolvePort(httpGet.port), path: httpGet.path }).toEqual({
          probe,
          port,
          path: '/healthz',
        });
      }
    });

    it('the Service selects the Deployment’s pods and the Ingress reaches the Service', () => {
      const podLabels = obj(
        obj(obj(obj(deployment.spec, 'spec').template, 'template').metadata, 'meta').labels,
        'labels',
      );
      const selector = obj(obj(service.spec, 'spec').selector, 'selector');
      expect(Object.entries(selector).length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(selector)) expect(podLabels[key]).toBe(value);
      const rules = arr(obj(ingress.spec, 'spec').rules, 'rules').map((r) => obj(r, 'rule'));
      const backends = rules.flatMap((rule) =>
        arr(obj(rule.http, 'http').paths, 'paths').map((p) =>
          obj(obj(obj(p, 'path').backend, 'backend').service, 'svc'),
        ),
      );
      const servicePorts = arr(obj(service.spec, 'spec').ports, 'ports').map((p) => obj(p, 'port'));
      for (const backend of backends) {
        expect(backend.name).toBe(obj(service.metadata, 'metadata').name);
        const port = obj(backend.port, 'port');
        expect(servicePorts.some((p) => p.name === port.name || p.port === port.number)).toBe(true);
      }
      // the Ingress serves the host PUBLIC_URL names (payment returns and sign-in callbacks come back there)
      const publicHost = new URL(configData.get('PUBLIC_URL') ?? '').hostname;
      expect(rules.map((rule) => rule.host)).toEqual([publicHost]);
      expect(new URL(envExample.get('PUBLIC_URL') ?? '').protocol).toBe('https:');
    });

    it('the Ingress upgrades websockets with long timeouts and keeps polling sticky by cookie', () => {
      const annotations = obj(obj(ingress.metadata, 'metadata').annotations, 'annotations');
      const a = (name: string) => strOf(annotations[`nginx.ingress.kubernetes.io/${name}`]);
      expect(a('proxy-http-version')).toBe('1.1');
      expect(Number(a('proxy-read-timeout'))).toBeGreaterThan(socketSilenceSeconds);
      expect(Number(a('proxy-send-timeout'))).toBeGreaterThan(socketSilenceSeconds);
      expect(a('affinity')).toBe('cookie');
      expect(a('session-cookie-name')).not.toBe('');
      expect(a('session-cookie-path')).toBe('/');
      expect(bytes(a('proxy-body-size'))).toBeGreaterThanOrEqual(maxRequestBytes);
    });

    it('graceful shutdown: preStop, then the server’s own limit, within the termination grace period', () => {
      const preStop = obj(obj(server.lifecycle, 'lifecycle').preStop, 'preStop');
      const command = arr(obj(preStop.exec, 'preStop.exec').command, 'command').map(String);
      expect(command[0]).toBe('sleep');
      const preStopMs = seconds(command[1]) * 1000;
      expect(preStopMs).toBeGreaterThan(0);
      expect(Number(podSpec.terminationGracePeriodSeconds) * 1000).toBeGreaterThan(preStopMs + SHUTDOWN_TIMEOUT_MS);
    });

    it('UPLOAD_DIR is the mountPath of a ReadWriteMany claim, the same as in the image and compose', () => {
      const uploadDir = configData.get('UPLOAD_DIR');
      expect(uploadDir).toBe(dockerEnv.get('UPLOAD_DIR'));
      const mount = arr(server.volumeMounts, 'volumeMounts')
        .map((m) => obj(m, 'mount'))
        .find((m) => m.mountPath === uploadDir);
      const volume = arr(podSpec.volumes, 'volumes')
        .map((v) => obj(v, 'volume'))
        .find((v) => v.name === mount?.name);
      const claim = obj(volume?.persistentVolumeClaim, 'the upload volume’s persistentVolumeClaim');
      expect(claim.claimName).toBe(obj(pvc.metadata, 'metadata').name);
      expect(arr(obj(pvc.spec, 'spec').accessModes, 'accessModes')).toContain('ReadWriteMany');
    });

    it('N replicas, unprivileged as the image’s user, with resources', () => {
      expect(Number(obj(deployment.spec, 'spec').replicas)).toBeGreaterThanOrEqual(2);
      const pod = obj(podSpec.securityContext, 'pod securityContext');
      expect(pod.runAsNonRoot).toBe(true);
      const imageUser = runtime.find((i) => i.op === 'USER')?.args.split(':')[0];
      expect(String(pod.runAsUser)).toBe(imageUser);
      const container = obj(server.securityContext, 'container securityContext');
      expect(container.allowPrivilegeEscalation).toBe(false);
      const resources = obj(server.resources, 'resources');
      expect(Object.keys(obj(resources.requests, 'requests'))).toEqual(expect.arrayContaining(['cpu', 'memory']));
      expect(Object.keys(obj(resources.limits, 'limits'))).toContain('memory');
    });

    it('kustomization lists every manifest but the Secret template', () => {
      const kustomization = k8s('Kustomization');
      const resources = arr(kustomization.resources, 'resources').map(String).sort();
      const manifests = FILES.filter((f) => f.startsWith('k8s/') && f !== 'k8s/kustomization.yaml')
        .filter((f) => f !== 'k8s/secret.example.yaml')
        .map((f) => f.slice('k8s/'.length))
        .sort();
      expect(resources).toEqual(manifests);
    });
  });

  describe('README.md', () => {
    it('its table names every variable the server reads, and only those, with the right secret column', () => {
      expect(unknownVariables(readmeTable.keys())).toEqual([]);
      expect(Object.keys(CONFIG_VARIABLES).filter((name) => !readmeTable.has(name))).toEqual([]);
      for (const [name, row] of readmeTable) {
        const expected = CONFIG_VARIABLES[name as VariableName] === 'secret' ? 'yes' : 'no';
        expect({ name, secret: row.secret }).toEqual({ name, secret: expected });
      }
    });

    it('gives the defaults config.ts has, where config.ts has a literal one', () => {
      const source = fs.readFileSync(path.join(REPO_ROOT, 'server', 'src', 'config.ts'), 'utf8');
      const literal = [
        ...source.matchAll(/\b(?:int|bool|duration|list)\(env, '([A-Z0-9_]+)', ('[^']*'|[\d_]+|true|false)/g),
        ...source.matchAll(/\bstr\(env, '([A-Z0-9_]+)'\)(?:\?\.[\w(),. ]+)? \?\? ('[^']*')/g),
      ].map((m) => [m[1] ?? '', literalValue(m[2] ?? '')] as const);
      const compared = literal.filter(([, value]) => value !== '');
      expect(compared.length).toBeGreaterThan(30);
      for (const [name, value] of compared) {
        const shown = /`([^`]*)`/.exec(readmeTable.get(name)?.default ?? '')?.[1];
        expect({ name, default: shown }).toEqual({ name, default: value });
      }
    });

    it('states the grace periods and the shutdown limit the files and the server have', () => {
      const grace = Number(podSpec.terminationGracePeriodSeconds);
      expect(readmeText).toContain(`terminationGracePeriodSeconds: ${grace}`);
      const first = firstInstance();
      expect(readmeText).toContain(`stop_grace_period: ${strOf(first.stop_grace_period)}`);
      expect(readmeText).toContain(`SHUTDOWN_TIMEOUT_MS\` (${SHUTDOWN_TIMEOUT_MS / 1000} s`);
      const preStop = arr(obj(obj(obj(server.lifecycle, 'l').preStop, 'p').exec, 'e').command, 'c').map(String);
      expect(readmeText).toContain(`\`preStop\` sleep of ${preStop[1]} s`);
    });
  });
});
