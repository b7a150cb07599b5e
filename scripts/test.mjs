// npm test: the whole suite. Unit and integration tests (jest, every package, server on PGlite), then
// the browser journeys in Chromium against the built portal. Set SKIP_E2E=1 to run jest only.
import { existsSync } from 'node:fs';
import { buildMissing, root, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium for the browser tests…");
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return existsSync(CHROMIUM);
  }
  console.error(`The browser tests need Chromium at ${CHROMIUM}: install it (Debian: sudo apt-get install chromium).`);
  return false;
}

const jestArgs = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...process.argv.slice(2)];
let code = await run(process.execPath, jestArgs, { cwd: root });
if (code !== 0) process.exit(code);
if (process.env.SKIP_E2E === '1') process.exit(0);

if (!(await ensureChromium())) process.exit(1);
// The journeys test the current sources: rebuild everything (SKIP_BUILD=1 reuses what is built).
code = process.env.SKIP_BUILD === '1' ? await buildMissing() : await run('npx', ['lerna', 'run', 'build', '--stream']);
if (code !== 0) process.exit(code);
code = await run(process.execPath, ['--import', 'tsx', 'e2e/run.ts'], { cwd: root });
process.exit(code);
