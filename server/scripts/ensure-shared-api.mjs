// The built server requires 'shared-api/contracts' from shared-api/dist. When those files are missing or
// older than their sources, compile just the contracts (tsconfig.contracts.json extends shared-api's own
// build config, so the output is the same): the server build must not depend on the browser code of
// shared-api compiling. `lerna run build` builds the whole of shared-api first anyway.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sources = path.join(root, 'shared-api', 'src', 'contracts');
const built = path.join(root, 'shared-api', 'dist', 'contracts');

const newest = (dir, ext) =>
  fs.existsSync(dir)
    ? Math.max(
        0,
        ...fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(ext))
          .map((f) => fs.statSync(path.join(dir, f)).mtimeMs),
      )
    : 0;

const stale =
  !fs.existsSync(path.join(built, 'index.js')) ||
  fs
    .readdirSync(sources)
    .some((f) => f.endsWith('.ts') && !fs.existsSync(path.join(built, f.replace(/\.ts$/, '.js')))) ||
  newest(sources, '.ts') > newest(built, '.js');

if (stale) {
  console.log('shared-api contracts not built or stale: compiling them');
  execSync(
    `node ${JSON.stringify(path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'))} -p tsconfig.contracts.json`,
    {
      cwd: path.join(root, 'server'),
      stdio: 'inherit',
    },
  );
}
