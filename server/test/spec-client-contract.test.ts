/**
 * The spec's own front end (the one the spec was written from) reads our answers through the shapes of
 * its call table (product spec §7, API.md "The spec's own client"). One check per route, on the shape
 * that client reads, so that a later change cannot break it silently.
 *
 * Routes of issues still open (staff and officer printer room, notices, chat, configuration, reports,
 * activity) are listed too: until a route is served its entry asserts the envelope's 404; the day it
 * lands, the same entry checks its shape without anyone touching this file.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from 'shared-api/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed';
import { bearer, createTestApp, loginAs, type TestApp } from './helpers';
import { makePdf, submitPrint } from './printing-fixtures';

type Json = Record<string, unknown>;

interface Context {
  app: FastifyInstance;
  tokens: Record<Role, string>;
  /** Values earlier entries found, for the routes that need an id. */
  found: Record<string, string>;
}

interface Entry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the route table registers it (no query). */
  path: string;
  role: Role | 'public';
  /** The issue a not yet served route lands with. */
  landsWith?: number;
  request?: (ctx: Context) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
  /** Checks the body the spec's client reads; may remember values in ctx.found. */
  check: (body: Json, ctx: Context) => void;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} should be an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  }
  return value as Json;
}

function array(value: unknown, what: string): Json[] {
  if (!Array.isArray(value)) throw new Error(`${what} should be an array, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as Json[];
}

function hasFields(value: unknown, fields: string[], what: string): Json {
  const row = object(value, what);
  const missing = fields.filter((field) => !(field in row));
  if (missing.length) throw new Error(`${what} lacks ${missing.join(', ')}: ${JSON.stringify(row).slice(0, 300)}`);
  return row;
}

/** A non-empty list whose every row has the fields. */
function rows(value: unknown, fields: string[], what: string): Json[] {
  const list = array(value, what);
  expect(list.length).toBeGreaterThan(0);
  for (const row of list) hasFields(row, fields, `${what}[]`);
  return list;
}

function numbers(row: Json, fields: string[], what: string): void {
  for (const field of fields) {
    if (typeof row[field] !== 'number')
      throw new Error(`${what}.${field} should be a number, got ${JSON.stringify(row[field])}`);
  }
}

/** The staff and officer printer rows: printingJob and printingQueue arrays, activatedTime in ISO. */
function checkRoomPrinters(body: Json, ctx: Context): void {
  const data = hasFields(body.data, ['printers', 'totalPrinter', 'activatedPrinter'], 'data');
  numbers(data, ['totalPrinter', 'activatedPrinter'], 'data');
  const printers = rows(
    data.printers,
    ['printerId', 'location', 'status', 'printingJob', 'printingQueue', 'activatedTime'],
    'data.printers',
  );
  for (const printer of printers) {
    array(printer.printingJob, 'printer.printingJob');
    array(printer.printingQueue, 'printer.printingQueue');
    expect(String(printer.activatedTime)).toMatch(ISO);
  }
  ctx.found.roomPrinterId = String(printers[0]?.printerId);
}

function checkNotices(body: Json): void {
  const data = hasFields(body.data, ['allNotices', 'news'], 'data');
  array(data.allNotices, 'data.allNotices');
  numbers(data, ['news'], 'data');
}

function checkNoticesSeen(body: Json): void {
  expect(object(body.data, 'data').news).toBe(0);
}

const printerQuery = (ctx: Context) => ({ query: { printerId: ctx.found.printerId ?? '' } });

const ENTRIES: Entry[] = [
  // ---- served today ----
  {
    method: 'GET',
    path: '/v1/user/information',
    role: 'student',
    check: (body) => {
      const data = hasFields(
        body.data,
        ['mssv', 'firstName', 'lastName', 'email', 'balance', 'major', 'classes', 'currentA4Price', 'role'],
        'data',
      );
      expect(data.role).toBe('student');
      numbers(data, ['balance', 'currentA4Price'], 'data');
    },
  },
  {
    method: 'GET',
    path: '/v1/user/information',
    role: 'spso',
    check: (body) => expect(hasFields(body.data, ['firstName', 'lastName', 'role'], 'data').role).toBe('spso'),
  },
  {
    method: 'GET',
    path: '/v1/student/printers',
    role: 'student',
    request: () => ({ query: { status: '', facility: '', sortDirection: '1', per_page: '100', searchField: '' } }),
    check: (body, ctx) => {
      const printers = rows(
        object(body.data, 'data').printers,
        ['printerId', 'location', 'status', 'waiting_amount'],
        'data.printers',
      );
      const active = printers.find((printer) => printer.status === 1) ?? printers[0];
      ctx.found.printerId = String(active?.printerId);
    },
  },
  {
    method: 'GET',
    path: '/v1/student/printer',
    role: 'student',
    request: printerQuery,
    check: (body) => {
      const data = hasFields(body.data, ['location', 'waiting_amount', 'currentFileType'], 'data');
      hasFields(data.location, ['facility', 'department', 'room'], 'data.location');
      array(data.currentFileType, 'data.currentFileType');
    },
  },
  {
    method: 'POST',
    path: '/v1/student/printing',
    role: 'student',
    // multipart: sent by the entry's own request below
    check: (body, ctx) => {
      const data = object(body.data, 'data');
      expect(body.success).toBe(true);
      const logs = array(data.printingLogs ?? data.logs ?? [], 'data logs');
      const id = logs[0]?._id ?? logs[0]?.id;
      if (id) ctx.found.printingLogId = String(id);
    },
  },
  {
    method: 'GET',
    path: '/v1/student/filterLogs',
    role: 'student',
    request: () => ({
      query: {
        status: '',
        facility: '',
        sortDirection: '-1',
        startDate: '',
        endDate: '',
        per_page: '100',
        searchField: '',
      },
    }),
    check: (body, ctx) => {
      const data = hasFields(body.data, ['printingLogs', 'printedA3', 'printedA4'], 'data');
      numbers(data, ['printedA3', 'printedA4'], 'data');
      const logs = array(data.printingLogs, 'data.printingLogs');
      expect(logs.length).toBeGreaterThan(0);
      const queued = logs.find((log) => log.status === 'Queued' || log.status === 'InProgress');
      if (queued && !ctx.found.printingLogId) ctx.found.printingLogId = String(queued._id);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/student/cancelLog',
    role: 'student',
    request: (ctx) => ({ payload: { printingLogId: ctx.found.printingLogId ?? '' } }),
    check: (body) => expect(body.success).toBe(true),
  },
  {
    method: 'POST',
    path: '/v1/student/confirm-payment',
    role: 'student',
    request: async (ctx) => {
      const info = await ctx.app.inject({ url: '/v1/user/information', headers: bearer(ctx.tokens.student) });
      const price = Number(object(info.json<Json>().data, 'data').currentA4Price);
      return { payload: { money: 3 * price } };
    },
    check: (body) => expect(body.success).toBe(true),
  },
  {
    method: 'GET',
    path: '/v1/student/payments',
    role: 'student',
    check: (body, ctx) => {
      const payments = rows(
        body.data,
        ['_id', 'stt', 'shortContent', 'money', 'paidMoney', 'leftMoney', 'updatedAt', 'payment_id'],
        'data',
      );
      const unpaid = payments.find((payment) => Number(payment.leftMoney) > 0);
      if (unpaid) ctx.found.paymentId = String(unpaid.payment_id);
    },
  },
  {
    method: 'POST',
    path: '/v1/student/BKpayment',
    role: 'student',
    request: (ctx) => ({ payload: { payment_id: ctx.found.paymentId ?? '' } }),
    check: (body) => expect(body.success).toBe(true),
  },

  // ---- issue 10: the printer room (the same rows for staff and officers) ----
  ...(['staff', 'spso'] as const).flatMap((role): Entry[] => [
    {
      method: 'GET',
      path: `/v1/${role}/printers`,
      role,
      landsWith: 10,
      request: () => ({ query: { sortDirection: '1', searchField: '' } }),
      check: checkRoomPrinters,
    },
    {
      method: 'GET',
      path: `/v1/${role}/printingQueue`,
      role,
      landsWith: 10,
      request: (ctx) => ({ query: { printerId: ctx.found.roomPrinterId ?? '' } }),
      check: (body) => {
        const data = hasFields(body.data, ['printingJob', 'printingQueue'], 'data');
        array(data.printingJob, 'data.printingJob');
        array(data.printingQueue, 'data.printingQueue');
      },
    },
    {
      method: 'GET',
      path: `/v1/${role}/printingLog`,
      role,
      landsWith: 10,
      request: (ctx) => ({ query: { printerId: ctx.found.roomPrinterId ?? '', startDate: '', endDate: '' } }),
      check: (body) => void array(object(body.data, 'data').printingLog, 'data.printingLog'),
    },
  ]),

  // ---- issue 11: notices and chat ----
  ...(['staff', 'spso'] as const).flatMap((role): Entry[] => [
    { method: 'GET', path: `/v1/${role}/notices`, role, landsWith: 11, check: checkNotices },
    // the spec's client marks all seen with PUT .../notices, API.md adds .../notices/seen: one handler
    { method: 'PUT', path: `/v1/${role}/notices`, role, landsWith: 11, check: checkNoticesSeen },
    { method: 'PUT', path: `/v1/${role}/notices/seen`, role, landsWith: 11, check: checkNoticesSeen },
  ]),
  {
    method: 'GET',
    path: '/v1/user/message-list',
    role: 'staff',
    landsWith: 11,
    check: (body, ctx) => {
      const contacts = rows(body.data, ['firstName', 'lastName', 'receiver_id', 'role', 'location'], 'data');
      ctx.found.receiverId = String(contacts[0]?.receiver_id);
    },
  },
  {
    method: 'GET',
    path: '/v1/user/conversation-id',
    role: 'staff',
    landsWith: 11,
    request: (ctx) => ({ query: { receiver_id: ctx.found.receiverId ?? '' } }),
    check: (body, ctx) => {
      const rows = array(body.data, 'data');
      ctx.found.conversationId = String(hasFields(rows[0], ['conversationId'], 'data[0]').conversationId);
    },
  },
  {
    method: 'GET',
    path: '/v1/user/message',
    role: 'staff',
    landsWith: 11,
    request: (ctx) => ({ query: { conversationId: ctx.found.conversationId ?? '' } }),
    check: (body) => void array(body.data, 'data'),
  },

  // ---- issue 12: configuration, reports, student activity ----
  {
    method: 'GET',
    path: '/v1/spso/systemConfig',
    role: 'spso',
    landsWith: 12,
    check: (body) => {
      hasFields(
        body.data,
        [
          'currentBalance',
          'defaultBalance',
          'startDate1',
          'startDate2',
          'currentA4Price',
          'defaultA4Price',
          'currentFileType',
          'defaultFileType',
          'isDefault',
        ],
        'data',
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/spso/reports',
    role: 'spso',
    landsWith: 12,
    request: () => ({ query: { year: String(new Date().getUTCFullYear()) } }),
    check: (body) => {
      const data = hasFields(
        body.data,
        ['total_pages', 'total_A3', 'total_A4', 'avg_A3', 'avg_A4', 'avg_Printed', 'all_printers'],
        'data',
      );
      array(data.all_printers, 'data.all_printers');
    },
  },
  {
    method: 'GET',
    path: '/v1/spso/viewReport',
    role: 'spso',
    landsWith: 12,
    request: () => ({ query: { year: String(new Date().getUTCFullYear()) } }),
    check: (body) => expect(array(body.data, 'data')).toHaveLength(12),
  },
  {
    method: 'GET',
    path: '/v1/spso/students',
    role: 'spso',
    landsWith: 12,
    check: (body, ctx) => {
      const students = rows(
        body.data,
        ['_id', 'firstName', 'lastName', 'mssv', 'major', 'classes', 'total_payment'],
        'data',
      );
      ctx.found.mssv = String(students[0]?.mssv);
    },
  },
  {
    method: 'GET',
    path: '/v1/spso/detailStudent',
    role: 'spso',
    landsWith: 12,
    request: (ctx) => ({ query: { studentId: ctx.found.mssv ?? '' } }),
    check: (body) => {
      for (const row of array(body.data, 'data'))
        hasFields(row, ['date', 'fileNames', 'quantity', 'page_Quantity'], 'row');
    },
  },
];

let t: TestApp;
const ctx = {} as Context;

beforeAll(async () => {
  t = await createTestApp();
  ctx.app = t.app;
  ctx.found = {};
  ctx.tokens = {
    student: (await loginAs(t.app, 'student')).accessToken,
    staff: (await loginAs(t.app, 'staff')).accessToken,
    spso: (await loginAs(t.app, 'spso')).accessToken,
  };
});
afterAll(() => t.close());

async function send(entry: Entry): Promise<LightMyRequestResponse> {
  if (entry.path === '/v1/student/printing') {
    return submitPrint(t.app, ctx.tokens.student, [{ name: 'hop-dong.pdf', content: await makePdf(2) }], {
      printerId: ctx.found.printerId ?? '',
      documents: [
        { paperSize: 'A4', numVersion: 1, colorOption: false, landScapeOption: false, pagesPerSheet: 1, numSides: 1 },
      ],
    });
  }
  const extra = entry.request ? await entry.request(ctx) : {};
  return t.app.inject({
    method: entry.method,
    url: entry.path,
    ...(entry.role === 'public' ? {} : { headers: bearer(ctx.tokens[entry.role]) }),
    ...extra,
  });
}

describe("the spec's client: sign-in and refresh", () => {
  it('login: data.accessToken and data.refreshToken', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const data = hasFields(response.json<Json>().data, ['accessToken', 'refreshToken'], 'data');
    expect(typeof data.accessToken).toBe('string');
  });

  it('refresh: accesstoken and refreshtoken at the top of the body, and they work', async () => {
    const first = await loginAs(t.app, 'student');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<Json>();
    expect(typeof answer.accesstoken).toBe('string');
    expect(typeof answer.refreshtoken).toBe('string');
    // our own client keeps reading the pair inside data: the same pair
    expect(object(answer.data, 'data').accessToken).toBe(answer.accesstoken);
    expect(object(answer.data, 'data').refreshToken).toBe(answer.refreshtoken);
    const info = await t.app.inject({ url: '/v1/user/information', headers: bearer(String(answer.accesstoken)) });
    expect(info.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: String(answer.refreshtoken) },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe("the spec's client: every route of its call table", () => {
  // In order: later entries use what earlier ones found (a printer, a job, a payment, a contact).
  for (const entry of ENTRIES) {
    const served = () => t.app.hasRoute({ method: entry.method, url: entry.path });
    const name = `${entry.method} ${entry.path} as ${entry.role}`;
    it(entry.landsWith ? `${name} (lands with issue ${entry.landsWith})` : name, async () => {
      if (entry.landsWith && !served()) {
        // Not served yet: the envelope's 404. Once the route lands, the branch below checks its shape.
        const response = await send(entry);
        expect(response.statusCode).toBe(404);
        expect(response.json<Json>()).toMatchObject({ success: false });
        return;
      }
      expect(served()).toBe(true);
      const response = await send(entry);
      if (response.statusCode !== 200)
        throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      const answer = response.json<Json>();
      expect(answer.success).toBe(true);
      entry.check(answer, ctx);
    });
  }

  it("GET /v1/spso//systemConfig (the spec's double slash) reaches the same handler once it lands", async () => {
    const single = await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(ctx.tokens.spso) });
    const double = await t.app.inject({ url: '/v1/spso//systemConfig', headers: bearer(ctx.tokens.spso) });
    expect(double.statusCode).toBe(single.statusCode);
    if (single.statusCode === 200) expect(double.json()).toEqual(single.json());
  });
});
