// npm test: the whole suite. Unit and integration tests (jest, every package, server on PGlite), then
// the browser journeys in Chromium against the built portal, then the cluster checks (two instances behind
// nginx on PostgreSQL: DATABASE_URL, else a throw-away server). Set SKIP_E2E=1 to run jest only,
// SKIP_CLUSTER=1 to leave the cluster checks out.
import { buildMissing, ensureDebianPackage, ensurePostgresServer, root, run } from './lib.mjs';
import { NGINX } from './cluster/processes.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ensureChromium = () => ensureDebianPackage(CHROMIUM, 'chromium', 'the browser tests');
const ensureNginx = () => ensureDebianPackage(NGINX, 'nginx', 'the cluster checks (nginx in front of two instances)');

const jestArgs = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...process.argv.slice(2)];
let code = await run(process.execPath, jestArgs, { cwd: root });
if (code !== 0) process.exit(code);
if (process.env.SKIP_E2E === '1') process.exit(0);

if (!(await ensureChromium())) process.exit(1);
// The journeys test the current sources: rebuild everything (SKIP_BUILD=1 reuses what is built).
code = process.env.SKIP_BUILD === '1' ? await buildMissing() : await run('npx', ['lerna', 'run', 'build', '--stream']);
if (code !== 0) process.exit(code);
code = await run(process.execPath, ['--import', 'tsx', 'e2e/run.ts'], { cwd: root });
if (code !== 0 || process.env.SKIP_CLUSTER === '1') process.exit(code);

// nginx and a PostgreSQL server are installed above when this machine can (root with apt-get); where it cannot,
// the cluster checks are skipped saying why, unless the tools are required (CI: REQUIRE_SYSTEM_TOOLS=1)
if (!(await ensureNginx()) || !(await ensurePostgresServer('the cluster checks'))) {
  if (process.env.REQUIRE_SYSTEM_TOOLS === '1') process.exit(1);
  console.log(
    'cluster checks skipped: nginx or a PostgreSQL server is missing and could not be installed here (see above)',
  );
  process.exit(0);
}
code = await run(process.execPath, ['--import', 'tsx', '--test', 'e2e/cluster/nginx-config.test.ts'], { cwd: root });
if (code !== 0) process.exit(code);
// the instances share a PostgreSQL server (PGlite serves one process): a throw-away one unless given
const cluster = [process.execPath, '--import', 'tsx', 'e2e/cluster/run.ts'];
code = process.env.DATABASE_URL
  ? await run(cluster[0], cluster.slice(1), { cwd: root })
  : await run('bash', ['server/scripts/with-postgres.sh', ...cluster], { cwd: root });
process.exit(code);
