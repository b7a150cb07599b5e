import type { Db } from '../../db';

export interface StudentRow {
  id: string;
  first_name: string;
  last_name: string;
  mssv: string;
  major: string | null;
  classes: string | null;
  balance: number;
  printed_a4: number;
  printed_a3: number;
  total_payment: number | string;
}

export interface StudentSearch {
  /** Part of the student code (any case). */
  mssvPart: string | null;
  /** Part of the full name, folded (no diacritics, lower case): matched against users.name_search. */
  nameFolded: string | null;
}

export interface StudentListFilter extends StudentSearch {
  sortName: 1 | -1 | null;
  sortPayment: 1 | -1 | null;
  limit: number;
  offset: number;
}

const escapeLike = (part: string) => part.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern that finds `part` anywhere ('%' and '_' taken literally). */
const containing = (part: string) => `%${escapeLike(part)}%`;
/** A LIKE pattern, against ' ' || the name, that finds `part` at the start of a word ('yen' in 'le yen', not 'nguyen'). */
const atWordStart = (part: string) => `% ${escapeLike(part)}%`;

const STUDENT_COLUMNS = `u.id, u.first_name, u.last_name, u.mssv, u.major, u.classes, u.balance, u.printed_a4, u.printed_a3,
  u.total_paid::float8 AS total_payment`;

/** The WHERE of a search, its parameters pushed on `params`. */
function searchWhere(search: StudentSearch, params: unknown[]): string {
  // every student has a code (the list shows it); saying so lets the code order read users_mssv_key
  const where = ["u.role = 'student'", 'u.mssv IS NOT NULL'];
  if (search.mssvPart) {
    params.push(containing(search.mssvPart.toLowerCase()));
    where.push(`lower(u.mssv) LIKE $${params.length}`);
  }
  if (search.nameFolded) {
    // from the beginning of a word, without diacritics: 'Yến' finds Yến and Yên, not every Nguyễn
    params.push(atWordStart(search.nameFolded));
    where.push(`' ' || u.name_search LIKE $${params.length}`);
  }
  return where.join(' AND ');
}

/** Students matching a search (a page past the last has no row to carry the count). */
export async function countStudents(db: Db, search: StudentSearch): Promise<number> {
  const params: unknown[] = [];
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u WHERE ${searchWhere(search, params)}`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * One page of students for the officers (the count comes from countStudents). Each order reads its
 * index and stops after the page: the code (users_mssv_key), the name (given name first, Vietnamese
 * letter order: users_student_name_order_idx under "C"), the money paid (users_student_paid_idx on
 * users.total_paid, kept by a trigger on payments).
 */
export async function listStudents(db: Db, filter: StudentListFilter): Promise<StudentRow[]> {
  const params: unknown[] = [];
  const where = searchWhere(filter, params);
  const order: string[] = [];
  // ties break on the code in the same direction, so that a descending order reads its index backwards
  const payment = filter.sortPayment === -1 ? 'DESC' : 'ASC';
  const byName = filter.sortName === -1 ? 'DESC' : 'ASC';
  if (filter.sortPayment) order.push(`u.total_paid ${payment}`);
  if (filter.sortName) order.push(`u.name_order COLLATE "C" ${byName}`);
  order.push(`u.mssv ${filter.sortName ? byName : filter.sortPayment ? payment : 'ASC'}`);
  params.push(filter.limit, filter.offset);
  return db.query<StudentRow>(
    `SELECT ${STUDENT_COLUMNS} FROM users u WHERE ${where}
     ORDER BY ${order.join(', ')} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** A student by their code (an officer's detail view), or undefined. */
export async function findStudentByMssv(db: Db, mssv: string): Promise<StudentRow | undefined> {
  return db.one<StudentRow>(
    `SELECT ${STUDENT_COLUMNS}
     FROM users u WHERE u.role = 'student' AND u.mssv = $1`,
    [mssv],
  );
}

export interface HistoryDayRow {
  date: string;
  file_names: string[];
  quantity: number;
  a4: number;
  a3: number;
}

/** Days (Vietnam time) with Completed jobs, newest first: the file names, the jobs, the sheets by size. */
export async function historyByDay(db: Db, userId: string, days: number): Promise<HistoryDayRow[]> {
  return db.query<HistoryDayRow>(
    `SELECT to_char(l.finish_date + interval '7 hours', 'YYYY-MM-DD') AS date,
            array_agg(d.title ORDER BY l.finish_date, l.id) AS file_names,
            count(*)::int AS quantity,
            coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A4'), 0)::int AS a4,
            coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A3'), 0)::int AS a3
     FROM printing_logs l JOIN documents d ON d.id = l.document_id
     WHERE l.user_id = $1 AND l.status = 'Completed' AND l.finish_date IS NOT NULL
     GROUP BY 1 ORDER BY 1 DESC LIMIT $2`,
    [userId, days],
  );
}
