// npm run screenshots: docs/screenshot.png from the seeded demo (the officer's printer room at 1440×900 with
// a student's phone beside it), made in Debian's Chromium against the built portal, so the README stays true.
import { buildMissing, root, run } from './lib.mjs';

let code = await buildMissing();
if (code !== 0) process.exit(code);
code = await run(process.execPath, ['--import', 'tsx', 'e2e/screenshots.ts'], { cwd: root });
process.exit(code);
