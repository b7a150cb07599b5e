// Where uploaded documents live with several instances (issue 23, point 3): a shared folder (UPLOAD_DIR)
// against PostgreSQL (bytea in a table, or a large object), for the sizes students send. Each store writes
// a document durably and reads it back whole, as an upload and its print do; median of 5 per size. Needs a
// PostgreSQL server: `bash server/scripts/with-postgres.sh npm run bench -- upload-store`. An S3-compatible
// store is not measured: no such server runs on this machine offline.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openServerDb } from './lib/portal';

const SIZES_MB = [1, 10, 50];
const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

interface Store {
  name: string;
  write(id: number, bytes: Buffer): Promise<void>;
  read(id: number): Promise<Buffer>;
}

export async function benchUploadStore(): Promise<void> {
  console.log('\n== Where uploads live with several instances (issue 23): a shared folder or PostgreSQL ==');
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    console.log('needs a PostgreSQL server: bash server/scripts/with-postgres.sh npm run bench -- upload-store');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-store-'));
  // the server's own driver (node-postgres), one connection
  const db = await openServerDb({ dataDir: dir, databaseUrl: url });
  const table = `bench_documents_${randomBytes(4).toString('hex')}`;
  await db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, data bytea NOT NULL)`);
  const objects = new Map<number, number>();
  const stores: Store[] = [
    {
      name: 'shared folder (write, fsync, read)',
      async write(id, bytes) {
        const handle = await fs.promises.open(path.join(dir, `${id}.pdf`), 'w');
        try {
          await handle.writeFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          await handle.sync();
        } finally {
          await handle.close();
        }
      },
      read: (id) => fs.promises.readFile(path.join(dir, `${id}.pdf`)),
    },
    {
      name: 'PostgreSQL bytea',
      async write(id, bytes) {
        await db.query(`INSERT INTO ${table} (id, data) VALUES ($1, $2)`, [id, bytes]);
      },
      async read(id) {
        const row = await db.one<{ data: Buffer }>(`SELECT data FROM ${table} WHERE id = $1`, [id]);
        return row?.data ?? Buffer.alloc(0);
      },
    },
    {
      name: 'PostgreSQL large object',
      async write(id, bytes) {
        const row = await db.one<{ oid: number }>('SELECT lo_from_bytea(0, $1) AS oid', [bytes]);
        objects.set(id, Number(row?.oid));
      },
      async read(id) {
        const row = await db.one<{ data: Buffer }>('SELECT lo_get($1) AS data', [objects.get(id)]);
        return row?.data ?? Buffer.alloc(0);
      },
    },
  ];
  try {
    let id = 0;
    console.log('store                                 size    write ms   read ms   write MB/s   read MB/s');
    for (const mb of SIZES_MB) {
      const bytes = randomBytes(mb * 1024 * 1024);
      for (const store of stores) {
        const writes: number[] = [];
        const reads: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          id += 1;
          const current = id;
          writes.push(await timed(() => store.write(current, bytes)));
          let back = Buffer.alloc(0);
          reads.push(
            await timed(async () => {
              back = await store.read(current);
            }),
          );
          if (Buffer.compare(new Uint8Array(back), new Uint8Array(bytes)) !== 0)
            throw new Error(`${store.name}: the document read back differs`);
        }
        const w = median(writes);
        const r = median(reads);
        console.log(
          `${store.name.padEnd(37)} ${String(mb).padStart(3)} MB ${w.toFixed(1).padStart(10)} ${r.toFixed(1).padStart(9)}` +
            ` ${(mb / (w / 1000)).toFixed(0).padStart(12)} ${(mb / (r / 1000)).toFixed(0).padStart(11)}`,
        );
      }
    }
    console.log(
      'PostgreSQL keeps a document whole in the server process and in ours for each query (node-postgres has no ' +
        'streaming of one value), and in the WAL and the backups; the folder streams.',
    );
  } finally {
    for (const oid of objects.values()) await db.query('SELECT lo_unlink($1)', [oid]).catch(() => undefined);
    await db.exec(`DROP TABLE IF EXISTS ${table}`);
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
