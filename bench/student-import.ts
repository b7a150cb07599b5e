// POST /v1/spso/users/import (issue 20): the registrar's CSV of 30,000 students (Vietnamese names, a BOM,
// about 3 MB) through the built portal on PGlite: the dry run, the apply that creates them all, the same
// file again (all unchanged), and a file where one student in ten moved class (updates). Wall time of each
// request (one run each: an import is not a hot path), and the server's time from its access log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { round1, signIn, startBenchPortal } from './lib/portal';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30_000);
const GIVEN = ['An', 'Bảo', 'Cường', 'Dũng', 'Đức', 'Hải', 'Hương', 'Lan', 'Linh', 'Mai', 'Ngân', 'Phúc', 'Quỳnh'];
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Quốc', 'Thu', 'Hữu', 'Gia'];

function registrarCsv(moved: number): Uint8Array<ArrayBuffer> {
  const lines = ['mssv,email,lastName,firstName,major,classes'];
  for (let i = 1; i <= STUDENTS; i++) {
    const code = `24${String(i).padStart(6, '0')}`;
    const klass = `MT24KH0${(i + (i % 10 === 0 ? moved : 0)) % 9}`;
    lines.push(
      `${code},sv${code}@hcmut.edu.vn,${FAMILY[i % 10]} ${MIDDLE[i % 8]},${GIVEN[i % 13]},"Khoa học và Kỹ thuật Máy tính",${klass}`,
    );
  }
  // with the byte-order mark Excel writes in front of a "CSV UTF-8" file
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

interface ImportAnswer {
  created: number;
  updated: number;
  unchanged: number;
  errors: unknown[];
  applied: boolean;
}

export async function benchStudentImport(): Promise<void> {
  console.log(`\n== POST /v1/spso/users/import, ${STUDENTS} students (issue 20) ==`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-import-'));
  // the grant scheduler would grant the new students their pages on the one PGlite connection meanwhile:
  // measured apart, after the imports
  const portal = await startBenchPortal(path.join(dir, 'pglite'), {
    accessLog: true,
    env: { GRANT_SCHEDULER: 'false', REPORT_SCHEDULER: 'false' },
  });
  try {
    const { accessToken } = await signIn(portal.url, 'spso@hcmut.edu.vn');
    const send = async (label: string, file: Uint8Array<ArrayBuffer>, dryRun: boolean) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('file', new Blob([file], { type: 'text/csv' }), 'sinh-vien.csv');
      const before = portal.accessLog.length;
      const started = performance.now();
      const res = await fetch(`${portal.url}/v1/spso/users/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
        body: form,
      });
      const wall = performance.now() - started;
      const answer = ((await res.json()) as { data: ImportAnswer }).data;
      // the access-log line may come a moment after the answer
      await new Promise((resolve) => setTimeout(resolve, 100));
      const server = portal.accessLog.slice(before).find((line) => line.url?.startsWith('/v1/spso/users/import'));
      console.log(
        `${label.padEnd(34)} HTTP ${res.status}  wall ${round1(wall / 1000)} s  server ${round1((server?.ms ?? NaN) / 1000)} s  ` +
          `created ${answer.created}, updated ${answer.updated}, unchanged ${answer.unchanged}, errors ${answer.errors.length}, applied ${answer.applied}`,
      );
    };
    const file = registrarCsv(0);
    console.log(`file: ${round1(file.length / 1024 / 1024)} MB`);
    await send('dry run (all new)', file, true);
    await send('apply (creates all)', file, false);
    await send('the same file again', file, false);
    await send('one in ten moved class (apply)', registrarCsv(1), false);
  } finally {
    await portal.stop();
  }
  const started = performance.now();
  const granting = await startBenchPortal(path.join(dir, 'pglite'), {
    env: { REPORT_SCHEDULER: 'false' },
  });
  try {
    // the grant runs at the start: how long from the server's spawn until the first and last imported student have pages
    const { accessToken } = await signIn(granting.url, 'spso@hcmut.edu.vn');
    for (;;) {
      const res = await fetch(`${granting.url}/v1/spso/students?studentId=24000001&per_page=1`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const body = (await res.json()) as { data: { balance: number }[] };
      const last = await fetch(
        `${granting.url}/v1/spso/students?studentId=24${String(STUDENTS).padStart(6, '0')}&per_page=1`,
        {
          headers: { authorization: `Bearer ${accessToken}` },
        },
      );
      const lastBody = (await last.json()) as { data: { balance: number }[] };
      if ((body.data[0]?.balance ?? 0) > 0 && (lastBody.data[0]?.balance ?? 0) > 0) break;
      if (performance.now() - started > 300_000) throw new Error('the grant did not reach the imported students');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `semester grant to the ${STUDENTS} new students: done ${round1((performance.now() - started) / 1000)} s after the server was started (its start included)`,
    );
  } finally {
    await granting.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
