import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { ApiEnvelope } from 'shared-api/contracts';
import { body, createTestApp, DRIVER, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent } from './printing-fixtures';

const PRINTER = 'B1-109';
const BOUNDARY = 'sp-upload-limits-boundary';
const MB = 1_048_576;

/** The multipart head of one file part (after a printerId field); the file's bytes follow it. */
function partHead(filename: string, printerId = PRINTER): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="printerId"\r\n\r\n${printerId}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );
}
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const multipartHeaders = (token: string) => ({
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  authorization: `Bearer ${token}`,
});

/**
 * Uploads stream to disk and are refused as they arrive: the type from the first bytes (415), the size
 * while streaming (413), at most a few at once (429 per student, 503 in all); names and fields follow the
 * shared text rule (400 naming the field). Against a real listening server where the timing matters.
 */
describe(`upload limits (${DRIVER})`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false, uploadsInFlight: { perUser: 2, total: 3 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(async () => {
    await t.close();
  });

  interface Streamed {
    status: number;
    envelope: ApiEnvelope<unknown>;
    /** Bytes of the body written when the answer came. */
    sentWhenAnswered: number;
    ms: number;
  }

  /**
   * Sends a multipart body of `fileBytes` bytes (`chunk` repeated) without waiting for the server, and
   * resolves with the answer and how much had been written when it came.
   */
  function streamUpload(token: string, filename: string, chunk: Buffer, fileBytes: number): Promise<Streamed> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let sent = 0;
      let answered = false;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/student/printing',
        headers: { ...multipartHeaders(token), 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response: http.IncomingMessage) => {
        answered = true;
        const sentWhenAnswered = sent;
        const ms = performance.now() - started;
        text(response).then(
          (json) =>
            resolve({
              status: response.statusCode ?? 0,
              envelope: JSON.parse(json) as ApiEnvelope<unknown>,
              sentWhenAnswered,
              ms,
            }),
          reject,
        );
      });
      // the server closing the connection after its answer is the expected end of a refused upload
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const write = () => {
        if (sent === 0) request.write(partHead(filename));
        while (!answered && sent < fileBytes && !request.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
          sent += piece.length;
          if (!request.write(piece)) {
            request.once('drain', write);
            return;
          }
        }
        if (!answered && !request.destroyed) request.end(TAIL);
      };
      write();
    });
  }

  it('refuses 49 MB of the wrong content at its first bytes, without reading the rest or holding it', async () => {
    const student = await newStudent(t.app, 100);
    const zeros = Buffer.alloc(MB);
    global.gc?.();
    const before = process.memoryUsage();
    const answer = await streamUpload(student.token, 'gia.pdf', zeros, 49 * MB);
    const after = process.memoryUsage();
    expect(answer.status).toBe(415);
    expect(answer.envelope).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(answer.envelope.message).toMatch(VIETNAMESE);
    expect(answer.envelope.message).toMatch(/không phải PDF/);
    // answered long before the body was through (only what the socket buffers took)
    expect(answer.sentWhenAnswered).toBeLessThan(16 * MB);
    expect(answer.ms).toBeLessThan(3_000);
    // nothing of the file kept: the process did not grow by anything like its size
    expect(after.rss - before.rss).toBeLessThan(24 * MB);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * MB);
  }, 60_000);

  it('refuses a file over the size limit while it streams (413), before the rest arrives', async () => {
    const student = await newStudent(t.app, 100);
    await t.app.db.query('UPDATE system_config SET max_file_bytes = $1', [MB]);
    try {
      const pdfHead = Buffer.concat([new Uint8Array(Buffer.from('%PDF-1.7\n')), new Uint8Array(MB - 9).fill(0x20)]);
      const answer = await streamUpload(student.token, 'lon.pdf', pdfHead, 40 * MB);
      expect(answer.status).toBe(413);
      expect(answer.envelope.message).toMatch(/vượt quá dung lượng cho phép \(1 MB mỗi tệp\)/);
      expect(answer.sentWhenAnswered).toBeLessThan(20 * MB);
    } finally {
      await t.app.db.query('UPDATE system_config SET max_file_bytes = 52428800');
    }
  }, 60_000);

  // (a lone surrogate cannot reach a multipart name: UTF-8 has no bytes for it, they arrive as U+FFFD)
  it('names the field of a control character or an over-long text in a file name or printerId (400)', async () => {
    const student = await newStudent(t.app, 100);
    const pdf = await makePdf(1);
    for (const [filename, printerId, field] of [
      ['a\u0000b.pdf', PRINTER, /Tên tệp thứ 1 \(trường "file"\) chứa ký tự điều khiển/],
      ['a\u001bb.pdf', PRINTER, /Tên tệp thứ 1 \(trường "file"\) chứa ký tự điều khiển/],
      [`${'a'.repeat(300)}.pdf`, PRINTER, /Tên tệp thứ 1 \(trường "file"\) không được dài quá 255 ký tự/],
      ['ok.pdf', 'B1\u0000109', /Trường "printerId" chứa ký tự điều khiển/],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/student/printing',
        headers: multipartHeaders(student.token),
        payload: Buffer.concat([partHead(filename, printerId), pdf, TAIL].map((b) => new Uint8Array(b))),
      });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(body(response).message).toMatch(field);
    }
    const { balance } = (await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [
      student.id,
    ])) ?? { balance: -1 };
    expect(balance).toBe(100);
  });

  /** An upload that sends its head and a little of its file, then waits (held open until `end`). */
  function heldUpload(token: string): { answer: Promise<number>; end: () => void } {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/student/printing',
      headers: { ...multipartHeaders(token), 'transfer-encoding': 'chunked' },
    });
    const answer = new Promise<number>((resolve) => {
      request.on('response', (response: http.IncomingMessage) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
    });
    request.write(partHead('cho.pdf'));
    request.write(Buffer.from('%PDF-1.7\n'));
    return { answer, end: () => request.destroy() };
  }

  it('caps the uploads in flight per student (429) and in all (503), and frees the slots of lost connections', async () => {
    const a = await newStudent(t.app, 100);
    const b = await newStudent(t.app, 100);
    const c = await newStudent(t.app, 100);
    const pdf = await makePdf(1);
    const small = (token: string) => streamUpload(token, 'mot.pdf', pdf, pdf.length);
    const held = [heldUpload(a.token), heldUpload(a.token)];
    await new Promise((resolve) => setTimeout(resolve, 300));

    const third = await small(a.token);
    expect(third.status).toBe(429);
    expect(third.envelope).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(third.envelope.message).toMatch(/tối đa 2/);

    held.push(heldUpload(b.token));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const full = await small(c.token);
    expect(full.status).toBe(503);
    expect(full.envelope).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(full.envelope.message).toMatch(VIETNAMESE);

    // the clients give up: their slots come back
    for (const upload of held) upload.end();
    await Promise.all(held.map((upload) => upload.answer));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await small(a.token)).status).toBe(200);
    expect((await small(c.token)).status).toBe(200);
  }, 60_000);

  it('60 uploads at once: every refused one gets its answer (429/503), none a reset connection', async () => {
    // a real PDF made heavy by attachments, sent as a browser sends a form: with its length
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage();
    for (let i = 0; i < 48; i += 1) {
      await doc.attach(new Uint8Array(randomBytes(65_536)), `b${i}.bin`, {
        mimeType: 'application/octet-stream',
      });
    }
    const pdf = Buffer.from(await doc.save());
    expect(pdf.length).toBeGreaterThan(3 * MB);
    const students = await Promise.all(Array.from({ length: 8 }, () => newStudent(t.app, 100)));
    const body = Buffer.from(
      [partHead('tai-lieu.pdf'), pdf, TAIL].map((part) => part.toString('latin1')).join(''),
      'latin1',
    );

    /**
     * One client that, like a busy browser tab, reads the answer only once its whole upload is written:
     * an answer the server sent and then reset the connection under is lost, and that is what is checked.
     */
    const upload = (token: string) =>
      new Promise<{ status: number; text: string }>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        let failed = '';
        socket.pause();
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', (error) => (failed = error.message));
        socket.on('close', () => {
          const text = Buffer.from(chunks.map((chunk) => chunk.toString('latin1')).join(''), 'latin1').toString('utf8');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
          resolve({ status, text: status ? text : failed || 'closed without an answer' });
        });
        const head =
          `POST /v1/student/printing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`;
        socket.write(head);
        socket.write(new Uint8Array(body), () => setTimeout(() => socket.resume(), 100));
      });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => upload(students[i % 8]?.token ?? '')));
    const lost = outcomes.filter((o) => o.status === 0).map((o) => o.text);
    expect(lost).toEqual([]);
    const statuses = outcomes.map((o) => o.status);
    expect(statuses.every((s) => s === 200 || s === 429 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 429 || s === 503).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status !== 200).every((o) => VIETNAMESE.test(o.text))).toBe(true);
  }, 120_000);
});
