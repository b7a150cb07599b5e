// npm start: builds what is not built yet, then serves the portal (API, socket, shell and remotes)
// on http://localhost:8080 (PORT overrides) with the embedded database and demo data.
import { buildMissing, root, run } from './lib.mjs';

const code = await buildMissing();
if (code !== 0) process.exit(code);
const exit = await run(process.execPath, ['server/dist/server.js'], { cwd: root, env: process.env });
process.exit(exit);
