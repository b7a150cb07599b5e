import type { Db } from './db';
import { lockKeySql } from './migrate';
import { createPrng, type Prng } from './prng';
import {
  COURSES,
  DOCUMENT_KINDS,
  FACULTIES,
  FAMILY_NAMES,
  FILE_TYPES,
  GIVEN_NAMES_FEMALE,
  GIVEN_NAMES_MALE,
  MIDDLE_NAMES_FEMALE,
  MIDDLE_NAMES_MALE,
  NOTICE_TEMPLATES,
  PRINTERS,
  PROGRAMMES,
} from './seed-data';
import { hashPassword } from '../lib/password';
import { semesterStarts } from '../lib/semester';
import { printCost, sheetCount } from 'shared-api/contracts';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_ACCOUNTS = {
  student: 'student@hcmut.edu.vn',
  staff: 'staff@hcmut.edu.vn',
  spso: 'spso@hcmut.edu.vn',
} as const;

/** How much demo data to make; the defaults are what `npm start` shows. */
export interface SeedOptions {
  /** The seed's "today": logs cover the twelve months before it. */
  now?: Date;
  generatedStudents?: number;
  jobs?: number;
  prngSeed?: number;
}

export interface SeedSummary {
  students: number;
  staff: number;
  spso: number;
  printers: number;
  documents: number;
  printingLogs: number;
  ledgerEntries: number;
  payments: number;
  notices: number;
  ms: number;
}

type Role = 'student' | 'staff' | 'spso';

interface SeedUser {
  id: string;
  email: string;
  role: Role;
  mssv: string;
  first_name: string;
  last_name: string;
  major: string | null;
  classes: string | null;
  facility: string | null;
  department: string | null;
  room: string | null;
  created_at: string;
}

interface SeedDocument {
  id: string;
  owner_id: string;
  title: string;
  file_type: string;
  pages: number;
  size_bytes: number;
  created_at: string;
}

interface SeedJob {
  id: string;
  user_id: string;
  printer_id: string;
  document_id: string;
  status: 'Queued' | 'Completed' | 'Failed';
  paper_size: 'A4' | 'A3';
  num_version: number;
  color_option: boolean;
  landscape_option: boolean;
  pages_per_sheet: number;
  num_sides: number;
  page_ranges: string | null;
  selected_pages: number;
  total_pages: number;
  cost: number;
  failure_reason: string | null;
  started_at: string | null;
  finish_date: string | null;
  created_at: string;
}

interface SeedPayment {
  id: string;
  user_id: string;
  stt: number;
  short_content: string;
  quantity: number;
  unit_price: number;
  money: number;
  gateway_txn_id: string;
  created_at: string;
}

interface SeedLedger {
  user_id: string;
  kind: 'grant' | 'purchase' | 'charge' | 'refund';
  delta: number;
  balance_after: number;
  ref_type: string | null;
  ref_id: string | null;
  semester_key: string | null;
  note: string | null;
  created_at: string;
}

/** A balance event before the running balance is known (sorted by time, then applied). */
interface BalanceEvent {
  at: number;
  order: number;
  kind: SeedLedger['kind'];
  delta: number;
  refType: string | null;
  refId: string | null;
  semesterKey: string | null;
  note: string | null;
  /** Cost of the job this charge belongs to, to buy pages first when the balance is short. */
  job?: SeedJob;
}

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The demo student ends the seed with at least this many pages (a purchase tops them up). */
const DEMO_STUDENT_MIN_PAGES = 20;

/** Shared salted hash of the demo password: hashing once keeps the seed (and the tests) fast. */
let demoHash: Promise<string> | undefined;
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** 'Nguyễn Đức' → 'nguyen duc' (for e-mail addresses). */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

/** Months of the academic year are busier than Tết (February) and the summer break. */
const MONTH_WEIGHT = [1.0, 0.45, 1.2, 1.3, 1.4, 0.9, 0.35, 0.6, 1.1, 1.3, 1.4, 1.3];

/** A moment in [from, to] on a working hour in Vietnam (UTC+7), weighted by month and weekday. */
function workingMoment(rng: Prng, from: number, to: number): number {
  for (;;) {
    const day = from + rng.next() * (to - from);
    const date = new Date(day);
    const weight = (MONTH_WEIGHT[date.getUTCMonth()] ?? 1) * ([0, 6].includes(date.getUTCDay()) ? 0.25 : 1);
    if (rng.next() * 1.4 > weight) continue;
    // 07:00..20:59 in Vietnam = 00:00..13:59 UTC
    const start = Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      rng.int(0, 13),
      rng.int(0, 59),
    );
    if (start >= from && start <= to) return start + rng.int(0, 59) * 1_000;
  }
}

function makeName(rng: Prng): { lastName: string; firstName: string } {
  const female = rng.chance(0.45);
  const family = rng.pick(FAMILY_NAMES);
  const middle = rng.pick(female ? MIDDLE_NAMES_FEMALE : MIDDLE_NAMES_MALE);
  const given = rng.pick(female ? GIVEN_NAMES_FEMALE : GIVEN_NAMES_MALE);
  // Vietnamese order: family (họ) and middle names are the last name, the given name (tên) the first name.
  return { lastName: `${family} ${middle}`, firstName: given };
}

/** Builds every demo row in memory (no database access): users, documents, jobs, payments, ledger. */
/** The demo data for a moment, without the database (exported for the seed's tests). */
export function generate(options: Required<SeedOptions>, config: SeedConfig) {
  const rng = createPrng(options.prngSeed);
  const now = options.now.getTime();
  const windowStart = now - 365 * DAY;
  const accountsCreated = windowStart - 40 * DAY;

  const users: SeedUser[] = [];
  const addUser = (user: Omit<SeedUser, 'id' | 'created_at'>, createdAt = accountsCreated): SeedUser => {
    const row = { ...user, id: rng.uuid(), created_at: iso(createdAt) };
    users.push(row);
    return row;
  };

  const demoStudent = addUser({
    email: DEMO_ACCOUNTS.student,
    role: 'student',
    mssv: '2110001',
    last_name: 'Nguyễn Văn',
    first_name: 'An',
    major: 'Khoa học và Kỹ thuật Máy tính',
    classes: 'MT21KH01',
    facility: null,
    department: null,
    room: null,
  });
  const staffRows: SeedUser[] = [
    addUser({
      email: DEMO_ACCOUNTS.staff,
      role: 'staff',
      mssv: 'NV001',
      last_name: 'Trần Thị Bích',
      first_name: 'Ngọc',
      major: null,
      classes: null,
      facility: 'CS1',
      department: 'B1',
      room: '109',
    }),
  ];
  const spsoRows: SeedUser[] = [
    addUser({
      email: DEMO_ACCOUNTS.spso,
      role: 'spso',
      mssv: 'QT001',
      last_name: 'Lê Hoàng',
      first_name: 'Minh',
      major: null,
      classes: null,
      facility: 'CS1',
      department: 'A4',
      room: '402',
    }),
  ];

  const staffPlaces = PRINTERS.filter((printer) => printer.printerId !== 'B1-109').slice(0, 6);
  for (let i = 0; i < 4; i += 1) {
    const { lastName, firstName } = makeName(rng);
    const place = staffPlaces[i % staffPlaces.length] ?? PRINTERS[0];
    const code = `NV${String(i + 2).padStart(3, '0')}`;
    staffRows.push(
      addUser({
        email: `${code.toLowerCase()}@hcmut.edu.vn`,
        role: 'staff',
        mssv: code,
        last_name: lastName,
        first_name: firstName,
        major: null,
        classes: null,
        facility: place?.facility ?? 'CS1',
        department: place?.department ?? 'B1',
        room: place?.room ?? '109',
      }),
    );
  }
  {
    const { lastName, firstName } = makeName(rng);
    spsoRows.push(
      addUser({
        email: 'qt002@hcmut.edu.vn',
        role: 'spso',
        mssv: 'QT002',
        last_name: lastName,
        first_name: firstName,
        major: null,
        classes: null,
        facility: 'CS2',
        department: 'H6',
        room: '101',
      }),
    );
  }

  const students: SeedUser[] = [demoStudent];
  for (let i = 0; i < options.generatedStudents; i += 1) {
    const { lastName, firstName } = makeName(rng);
    const cohort = rng.int(20, 24);
    const faculty = rng.pick(FACULTIES);
    const programme = rng.weighted(PROGRAMMES.map((p, index) => [p, index === 0 ? 6 : 1] as const));
    const mssv = `${cohort}1${String(i + 2).padStart(4, '0')}`;
    const given = ascii(firstName).replace(/\s+/g, '');
    const family = ascii(lastName.split(' ')[0] ?? 'sv');
    students.push(
      addUser(
        {
          email: `${given}.${family}${mssv}@hcmut.edu.vn`,
          role: 'student',
          mssv,
          last_name: lastName,
          first_name: firstName,
          major: faculty.major,
          classes: `${faculty.code}${cohort}${programme}${String(rng.int(1, 4)).padStart(2, '0')}`,
          facility: null,
          department: null,
          room: null,
        },
        accountsCreated - rng.int(0, 300) * DAY,
      ),
    );
  }

  // ---- balance events: semester grants, print jobs (charge, refund when failed) ----
  const events = new Map<string, BalanceEvent[]>(students.map((s) => [s.id, []]));
  let order = 0;
  const push = (userId: string, event: Omit<BalanceEvent, 'order'>): void => {
    events.get(userId)?.push({ ...event, order: order++ });
  };
  const semesters = semesterStarts(config.startDate1, config.startDate2, new Date(windowStart), new Date(now));
  for (const student of students) {
    const created = Date.parse(student.created_at);
    for (const semester of semesters) {
      push(student.id, {
        at: Math.max(semester.start.getTime(), created),
        kind: 'grant',
        delta: config.grant,
        refType: 'semester',
        refId: semester.key,
        semesterKey: semester.key,
        note: `Cấp trang in học kỳ ${semester.key}`,
      });
    }
  }

  const pausedSince = now - 10 * DAY;
  const activePrinters = PRINTERS.filter((p) => p.status === 1);
  const printerWeights = PRINTERS.map((p, index) => [p, 1 + ((index * 7) % 5)] as const);
  const documents: SeedDocument[] = [];
  const jobs: SeedJob[] = [];
  const studentWeights = students.map((s, index) => [s, index === 0 ? 12 : 1 + rng.next() * 2] as const);
  const failureReasons = ['Máy in báo kẹt giấy', 'Máy in hết giấy', 'Tệp không đọc được', 'Máy in mất kết nối'];

  const makeJob = (student: SeedUser, createdAt: number, status: SeedJob['status']): void => {
    let printer = rng.weighted(printerWeights);
    if (printer.status === 0 && createdAt > pausedSince) printer = rng.pick(activePrinters);
    const fileType = rng.weighted(FILE_TYPES);
    const kind = rng.pick(DOCUMENT_KINDS);
    const pages =
      fileType === 'jpg' || fileType === 'png'
        ? 1
        : fileType === 'pptx'
          ? rng.int(8, 45)
          : 1 + Math.floor(rng.next() ** 2 * 30);
    const doc: SeedDocument = {
      id: rng.uuid(),
      owner_id: student.id,
      title: `${kind} - ${rng.pick(COURSES)}.${fileType}`,
      file_type: fileType,
      pages,
      size_bytes: pages * rng.int(25_000, 180_000),
      created_at: iso(createdAt - rng.int(1, 5) * MINUTE),
    };
    documents.push(doc);

    const paperSize = rng.chance(0.08) ? 'A3' : 'A4';
    const numVersion = rng.weighted([
      [1, 80],
      [2, 12],
      [3, 5],
      [5, 3],
    ] as const);
    const pagesPerSheet =
      pages === 1
        ? 1
        : rng.weighted([
            [1, 75],
            [2, 20],
            [4, 5],
          ] as const);
    const numSides =
      pages === 1
        ? 1
        : rng.weighted([
            [1, 55],
            [2, 45],
          ] as const);
    const ranged = pages > 4 && rng.chance(0.1);
    const selected = ranged ? Math.ceil(pages / 2) : pages;
    const totalPages = sheetCount(selected, { pagesPerSheet, numSides, numVersion });
    const cost = printCost(selected, { paperSize, pagesPerSheet, numSides, numVersion });
    const started = createdAt + rng.int(5, 120) * 1_000;
    const finished = started + totalPages * rng.int(2, 6) * 1_000;
    const job: SeedJob = {
      id: rng.uuid(),
      user_id: student.id,
      printer_id: printer.printerId,
      document_id: doc.id,
      status,
      paper_size: paperSize,
      num_version: numVersion,
      color_option: rng.chance(0.12),
      landscape_option: rng.chance(0.1),
      pages_per_sheet: pagesPerSheet,
      num_sides: numSides,
      page_ranges: ranged ? `1-${selected}` : null,
      selected_pages: selected,
      total_pages: totalPages,
      cost,
      failure_reason: status === 'Failed' ? rng.pick(failureReasons) : null,
      started_at: status === 'Queued' ? null : iso(started),
      finish_date: status === 'Queued' ? null : iso(finished),
      created_at: iso(createdAt),
    };
    jobs.push(job);
    push(student.id, {
      at: createdAt,
      kind: 'charge',
      delta: -cost,
      refType: 'printing_log',
      refId: job.id,
      semesterKey: null,
      note: null,
      job,
    });
    if (status === 'Failed') {
      push(student.id, {
        at: finished,
        kind: 'refund',
        delta: cost,
        refType: 'printing_log',
        refId: job.id,
        semesterKey: null,
        note: job.failure_reason,
      });
    }
  };

  const historyEnd = now - 2 * 60 * MINUTE;
  for (let i = 0; i < options.jobs; i += 1) {
    const student = rng.weighted(studentWeights);
    const created = Math.max(Date.parse(student.created_at) + DAY, windowStart);
    makeJob(student, workingMoment(rng, created, historyEnd), rng.chance(0.93) ? 'Completed' : 'Failed');
  }
  // A few requests still waiting, so the queues and the student's history show them.
  for (let i = 0; i < 6; i += 1) {
    const student = i < 2 ? demoStudent : rng.pick(students);
    makeJob(student, now - rng.int(2, 40) * MINUTE, 'Queued');
  }

  // ---- apply events in time order per student, buying pages before a charge that needs them ----
  const ledger: SeedLedger[] = [];
  const payments: SeedPayment[] = [];
  const balances = new Map<string, number>();
  for (const student of students) {
    const list = (events.get(student.id) ?? []).sort((a, b) => a.at - b.at || a.order - b.order);
    let balance = 0;
    let stt = 0;
    let lastAt = 0;
    const buy = (quantity: number, at: number) => {
      stt += 1;
      const semester = semesters.filter((s) => s.start.getTime() <= at).at(-1) ?? semesters[0];
      const payment: SeedPayment = {
        id: rng.uuid(),
        user_id: student.id,
        stt,
        short_content: `Mua ${quantity} trang A4 ${semester?.key ?? ''}`.trim(),
        quantity,
        unit_price: config.price,
        money: quantity * config.price,
        gateway_txn_id: `SANDBOX-${rng.uuid()}`,
        created_at: iso(at - MINUTE),
      };
      payments.push(payment);
      balance += quantity;
      ledger.push({
        user_id: student.id,
        kind: 'purchase',
        delta: quantity,
        balance_after: balance,
        ref_type: 'payment',
        ref_id: payment.id,
        semester_key: null,
        note: payment.short_content,
        created_at: iso(at),
      });
    };
    for (const event of list) {
      if (event.kind === 'charge' && balance + event.delta < 0) {
        const needed = -(balance + event.delta);
        // bought shortly before the print, but after the student's previous balance change
        buy(
          Math.min(999, Math.max(needed, rng.pick([50, 100, 100, 150, 200]))),
          Math.min(event.at - 1, Math.max(lastAt + 1, event.at - rng.int(5, 90) * MINUTE)),
        );
      }
      balance += event.delta;
      lastAt = event.at;
      ledger.push({
        user_id: student.id,
        kind: event.kind,
        delta: event.delta,
        balance_after: balance,
        ref_type: event.refType,
        ref_id: event.refId,
        semester_key: event.semesterKey,
        note: event.note,
        created_at: iso(event.at),
      });
    }
    // the demo student always has pages to print with, whatever the hour the seed ran at
    if (student.id === demoStudent.id && balance < DEMO_STUDENT_MIN_PAGES) buy(100, Math.min(now - 1, lastAt + MINUTE));
    balances.set(student.id, balance);
  }
  ledger.sort((a, b) => a.created_at.localeCompare(b.created_at));

  // ---- notices and one conversation for the staff pages ----
  const notices = Array.from({ length: 12 }, (_, i) => {
    const printer = PRINTERS[(i * 5) % PRINTERS.length] ?? PRINTERS[0];
    const template = NOTICE_TEMPLATES[i % NOTICE_TEMPLATES.length] ?? NOTICE_TEMPLATES[0];
    const sender = i % 3 === 0 ? rng.pick(spsoRows) : rng.pick(staffRows);
    const at = now - (12 - i) * 2 * DAY + rng.int(0, 600) * MINUTE;
    return {
      id: rng.uuid(),
      sender_id: sender.id,
      receiver_role: i % 2 === 0 ? 'spso' : 'staff',
      facility: printer?.facility ?? null,
      department: printer?.department ?? null,
      room: printer?.room ?? null,
      action: template.action,
      description: template.description.replace('{printer}', printer?.printerId ?? ''),
      printer_id: printer?.printerId ?? null,
      seen: i < 8,
      action_time: iso(at),
    };
  });

  return { users, students, staffRows, spsoRows, documents, jobs, payments, ledger, notices, balances };
}

export interface SeedConfig {
  startDate1: string;
  startDate2: string;
  grant: number;
  price: number;
}

/**
 * Fills an empty database with the demo campus: three demo accounts (password Demo@12345), more
 * students, staff and officers, printers on both campuses, twelve months of print jobs with their
 * documents, payments and page ledger (every balance equals the sum of its ledger).
 * All in one transaction under an advisory lock: a crash leaves an empty database that seeds again,
 * and two instances starting together seed once. Returns null when the database already has users.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedSummary | null> {
  const started = Date.now();
  const full: Required<SeedOptions> = {
    now: options.now ?? new Date(),
    generatedStudents: options.generatedStudents ?? 60,
    jobs: options.jobs ?? 3200,
    prngSeed: options.prngSeed ?? 20_260_115,
  };
  const passwordHash = await demoPasswordHash();

  return db.tx(async (t) => {
    await t.query(`SELECT pg_advisory_xact_lock(${lockKeySql('seed')})`);
    const existing = await t.one<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS present');
    if (existing?.present) return null;

    // the seed owns the schema it fills: it reads the configuration row itself, no module's repository
    const cfg = await t.one<{
      start_date1: string;
      start_date2: string;
      current_balance: number;
      current_a4_price: number;
    }>(
      `SELECT to_char(start_date1, 'YYYY-MM-DD') AS start_date1, to_char(start_date2, 'YYYY-MM-DD') AS start_date2,
              current_balance, current_a4_price FROM system_config`,
    );
    if (!cfg) throw new Error('system_config has no row: run the migrations first');
    const data = generate(full, {
      startDate1: cfg.start_date1,
      startDate2: cfg.start_date2,
      grant: cfg.current_balance,
      price: cfg.current_a4_price,
    });
    const json = (rows: unknown): string => JSON.stringify(rows);

    await t.query(
      `INSERT INTO users (id, email, password_hash, role, mssv, first_name, last_name, major, classes,
                          facility, department, room, created_at, updated_at)
       SELECT id, email, $2, role, mssv, first_name, last_name, major, classes, facility, department, room,
              created_at, created_at
       FROM json_to_recordset($1::json) AS x(id uuid, email text, role text, mssv text, first_name text,
            last_name text, major text, classes text, facility text, department text, room text,
            created_at timestamptz)`,
      [json(data.users), passwordHash],
    );
    await t.query(
      `INSERT INTO printers (printer_id, brand, model, description, facility, department, room, status,
                             activated_time, created_at, updated_at)
       SELECT "printerId", brand, model, description, facility, department, room, status,
              activated::timestamptz, activated::timestamptz, activated::timestamptz
       FROM json_to_recordset($1::json) AS x("printerId" text, brand text, model text, description text,
            facility text, department text, room text, status smallint, activated date)`,
      [json(PRINTERS)],
    );
    await t.query(
      `INSERT INTO documents (id, owner_id, title, file_type, pages, size_bytes, created_at)
       SELECT id, owner_id, title, file_type, pages, size_bytes, created_at
       FROM json_to_recordset($1::json) AS x(id uuid, owner_id uuid, title text, file_type text, pages integer,
            size_bytes bigint, created_at timestamptz)`,
      [json(data.documents)],
    );
    await t.query(
      `INSERT INTO printing_logs (id, user_id, printer_id, document_id, status, paper_size, num_version,
              color_option, landscape_option, pages_per_sheet, num_sides, page_ranges, selected_pages,
              total_pages, cost, failure_reason, started_at, finish_date, created_at, updated_at)
       SELECT id, user_id, printer_id, document_id, status, paper_size, num_version, color_option,
              landscape_option, pages_per_sheet, num_sides, page_ranges, selected_pages, total_pages, cost,
              failure_reason, started_at, finish_date, created_at, coalesce(finish_date, created_at)
       FROM json_to_recordset($1::json) AS x(id uuid, user_id uuid, printer_id text, document_id uuid,
            status text, paper_size text, num_version integer, color_option boolean, landscape_option boolean,
            pages_per_sheet smallint, num_sides smallint, page_ranges text, selected_pages integer,
            total_pages integer, cost integer, failure_reason text, started_at timestamptz,
            finish_date timestamptz, created_at timestamptz)`,
      [json(data.jobs)],
    );
    await t.query(
      `INSERT INTO payments (id, user_id, stt, short_content, quantity, unit_price, money, paid_money, left_money,
                             status, gateway, gateway_txn_id, paid_at, created_at, updated_at)
       SELECT id, user_id, stt, short_content, quantity, unit_price, money, money, 0, 'paid', 'sandbox',
              gateway_txn_id, created_at + interval '1 minute', created_at, created_at + interval '1 minute'
       FROM json_to_recordset($1::json) AS x(id uuid, user_id uuid, stt integer, short_content text,
            quantity integer, unit_price integer, money integer, gateway_txn_id text, created_at timestamptz)`,
      [json(data.payments)],
    );
    await t.query(
      `INSERT INTO page_ledger (user_id, kind, delta, balance_after, ref_type, ref_id, semester_key, note, created_at)
       SELECT user_id, kind, delta, balance_after, ref_type, ref_id, semester_key, note, created_at
       FROM json_to_recordset($1::json) AS x(user_id uuid, kind text, delta integer, balance_after integer,
            ref_type text, ref_id text, semester_key text, note text, created_at timestamptz)`,
      [json(data.ledger)],
    );
    // The balance is the sum of the ledger, by construction.
    await t.query(
      `UPDATE users u SET balance = l.total
       FROM (SELECT user_id, sum(delta)::int AS total FROM page_ledger GROUP BY user_id) l
       WHERE u.id = l.user_id`,
    );
    await t.query(
      `INSERT INTO notices (id, sender_id, receiver_role, facility, department, room, action, description,
                            printer_id, seen, action_time, created_at, updated_at)
       SELECT id, sender_id, receiver_role, facility, department, room, action, description, printer_id, seen,
              action_time, action_time, action_time
       FROM json_to_recordset($1::json) AS x(id uuid, sender_id uuid, receiver_role text, facility text,
            department text, room text, action text, description text, printer_id text, seen boolean,
            action_time timestamptz)`,
      [json(data.notices)],
    );
    const staff = data.staffRows[0];
    const spso = data.spsoRows[0];
    if (staff && spso) {
      const conversation = await t.one<{ id: string }>(
        'INSERT INTO conversations (direct_key, last_message_at) VALUES ($1, now()) RETURNING id',
        [[staff.id, spso.id].sort().join(':')],
      );
      const conversationId = conversation?.id;
      await t.query(`INSERT INTO conversation_members (conversation_id, user_id) VALUES ($1, $2), ($1, $3)`, [
        conversationId,
        staff.id,
        spso.id,
      ]);
      const lines: [string, string][] = [
        [spso.id, 'Chào chị, máy in B3-203 đã được bảo trì xong chưa?'],
        [staff.id, 'Dạ chưa anh, bên kỹ thuật hẹn chiều nay thay bộ sấy.'],
        [spso.id, 'OK chị, xong thì chị bật lại giúp anh nhé.'],
        [staff.id, 'Dạ vâng ạ.'],
      ];
      const base = full.now.getTime() - 3 * 60 * MINUTE;
      await t.query(
        `INSERT INTO messages (conversation_id, sender_id, text, created_at)
         SELECT $1, sender_id, text, created_at
         FROM json_to_recordset($2::json) AS x(sender_id uuid, text text, created_at timestamptz)`,
        [
          conversationId,
          json(lines.map(([sender, text], i) => ({ sender_id: sender, text, created_at: iso(base + i * 4 * MINUTE) }))),
        ],
      );
    }

    return {
      students: data.students.length,
      staff: data.staffRows.length,
      spso: data.spsoRows.length,
      printers: PRINTERS.length,
      documents: data.documents.length,
      printingLogs: data.jobs.length,
      ledgerEntries: data.ledger.length,
      payments: data.payments.length,
      notices: data.notices.length,
      ms: Date.now() - started,
    };
  });
}

/**
 * Creates the first print-service officer from the environment when the database has none
 * (a production start without demo data would otherwise have nobody to sign in).
 */
/** Whether any print-service officer account exists (production refuses to start without one). */
export async function hasActiveOfficer(db: Db): Promise<boolean> {
  const row = await db.one<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM users WHERE role = 'spso' AND is_active) AS present",
  );
  return row?.present === true;
}

export async function ensureBootstrapSpso(db: Db, account: { email: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(account.password);
  return db.tx(async (t) => {
    await t.query(`SELECT pg_advisory_xact_lock(${lockKeySql('seed')})`);
    const present = await t.one<{ present: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM users WHERE role = 'spso') AS present",
    );
    if (present?.present) return false;
    await t.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name)
       VALUES ($1, $2, 'spso', 'Quản trị', 'Hệ thống') ON CONFLICT DO NOTHING`,
      [account.email.trim().toLowerCase(), passwordHash],
    );
    return true;
  });
}
