/**
 * PGlite is one process (issue 23): a second process opening the same data folder is refused at start
 * with a message naming the way to several instances; a lock left by a process that died is taken over.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../src/config';
import { lockPgliteFolder, openPglite, PGLITE_LOCK_FILE } from '../src/db/pglite';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pglite-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, PGLITE_LOCK_FILE);

describe('the embedded database is one process', () => {
  it('opens a new folder, names this process in it, and frees it on close', async () => {
    const db = await openPglite(path.join(dir, 'data'));
    try {
      expect(fs.readFileSync(path.join(dir, 'data', PGLITE_LOCK_FILE), 'utf8')).toBe(String(process.pid));
      expect(await db.root.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(path.join(dir, 'data', PGLITE_LOCK_FILE))).toBe(false);
    // and opens again (the data kept)
    const again = await openPglite(path.join(dir, 'data'));
    await again.close();
  });

  it('refuses a folder another live process has open, saying how to run several instances', async () => {
    // the process that started jest is alive
    fs.writeFileSync(lockFile(), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(ConfigError);
    await expect(openPglite(dir)).rejects.toThrow(/DATABASE_URL/);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a folder whose process died without closing it', () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    fs.writeFileSync(lockFile(), ended.stdout);
    const release = lockPgliteFolder(dir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('asks whether the named process lives (both answers)', () => {
    fs.writeFileSync(lockFile(), '424242');
    expect(() => lockPgliteFolder(dir, () => true)).toThrow(/process 424242/);
    const release = lockPgliteFolder(dir, () => false);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });
});
