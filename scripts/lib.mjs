// Helpers shared by the npm scripts (start, test): run a command, find what is not built yet.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each package that builds, with the file its build leaves behind. */
export const BUILD_OUTPUTS = {
  'shared-api': 'shared-api/dist/contracts/index.js',
  server: 'server/dist/server.js',
  shell: 'shell/dist/index.html',
  'remote-student': 'remote-student/dist/remoteEntry.js',
  'remote-staff': 'remote-staff/dist/remoteEntry.js',
  'remote-spso': 'remote-spso/dist/remoteEntry.js',
};

export function missingBuilds() {
  return Object.entries(BUILD_OUTPUTS)
    .filter(([, file]) => !existsSync(path.join(root, file)))
    .map(([pkg]) => pkg);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds the packages whose output is missing (lerna keeps the dependency order). */
export async function buildMissing() {
  const missing = missingBuilds();
  if (!missing.length) return 0;
  console.log(`Building: ${missing.join(', ')} (first start only; 'npm run build' rebuilds everything)`);
  const scopes = missing.flatMap((pkg) => ['--scope', pkg]);
  return run('npx', ['lerna', 'run', 'build', '--stream', ...scopes]);
}

/** Installs Debian's `pkg` when `file` is missing (as root on Debian); false when it is still missing. */
export async function ensureDebianPackage(file, pkg, purpose) {
  if (existsSync(file)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${pkg} is missing: installing Debian's ${pkg} for ${purpose}…`);
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', pkg], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return existsSync(file);
  }
  console.error(`${purpose} need ${file}: install it (Debian: sudo apt-get install ${pkg}).`);
  return false;
}

/** Debian's PostgreSQL programs (PG_BIN overrides; server/scripts/with-postgres.sh reads the same). */
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** Debian's PostgreSQL server, for a throw-away server when no DATABASE_URL is given (installed as above). */
export function ensurePostgresServer(purpose) {
  if (process.env.DATABASE_URL?.trim()) return Promise.resolve(true);
  return ensureDebianPackage(`${PG_BIN}/initdb`, 'postgresql', `${purpose} (a throw-away PostgreSQL server)`);
}
