import { CsvError, parse } from 'csv-parse/sync';
import type { ImportError } from 'shared-api/contracts';
import { textProblem } from '../../lib/input';
import { IMPORT_TEXTS } from './accounts.texts';

/**
 * The registrar's student list, read and checked line by line before anything touches the database: a
 * CSV in UTF-8 (with or without a byte-order mark), a header naming the columns in any order (mssv,
 * email, lastName, firstName, major, classes; case and spaces ignored), one student a line. Every wrong
 * line is reported with its line number (the header is line 1) and why; the import writes nothing while
 * any line is wrong.
 */

export interface ImportedStudent {
  line: number;
  mssv: string;
  email: string;
  lastName: string;
  firstName: string;
  major: string | null;
  classes: string | null;
}

export interface ParsedImport {
  students: ImportedStudent[];
  errors: ImportError[];
}

/** The most students one file may carry (a whole intake is well below). */
export const IMPORT_MAX_ROWS = 50_000;
/** The largest file taken (30,000 students are about 3 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Errors reported at most (a file of another kind would otherwise list every line). */
export const IMPORT_MAX_ERRORS = 500;

const REQUIRED = ['mssv', 'email', 'lastname', 'firstname'] as const;
const OPTIONAL = ['major', 'classes'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const MSSV = /^[A-Za-z0-9]{4,20}$/;
// one @, a dot in the domain, no spaces: the school's own addresses, not every RFC 5322 form
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;
const INFO_MAX = 200;

const normalizeHeader = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** UTF-8 (the mark, if any, dropped), or null when the bytes are not UTF-8 (a file saved as Windows-1258). */
export function decodeCsv(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

function cleanText(raw: string | undefined): string {
  return (raw ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * Checks one line's fields; the first problem found is the line's error. `emailDomains` (lowercase):
 * when not empty, an address outside them is refused (the school sign-in would not accept it).
 */
function checkLine(
  fields: Record<Column, string>,
  emailDomains: readonly string[],
): { student: Omit<ImportedStudent, 'line'> } | { error: string } {
  const mssv = fields.mssv;
  const email = fields.email.toLowerCase();
  if (!mssv) return { error: IMPORT_TEXTS.mssvRequired };
  if (!MSSV.test(mssv)) return { error: IMPORT_TEXTS.mssvInvalid(mssv) };
  if (!email) return { error: IMPORT_TEXTS.emailRequired };
  if (email.length > 320 || !EMAIL.test(email)) return { error: IMPORT_TEXTS.emailInvalid(email) };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (emailDomains.length > 0 && !emailDomains.includes(domain))
    return { error: IMPORT_TEXTS.emailOutsideSchool(email, emailDomains) };
  if (!fields.lastname) return { error: IMPORT_TEXTS.lastNameRequired };
  if (!fields.firstname) return { error: IMPORT_TEXTS.firstNameRequired };
  const limits: [Column, string, number][] = [
    ['lastname', 'lastName', NAME_MAX],
    ['firstname', 'firstName', NAME_MAX],
    ['major', 'major', INFO_MAX],
    ['classes', 'classes', INFO_MAX],
  ];
  for (const [column, label, max] of limits) {
    const problem = textProblem(fields[column], { maxLength: max });
    if (problem) return { error: `${label} ${problem}` };
  }
  return {
    student: {
      mssv,
      email,
      lastName: fields.lastname,
      firstName: fields.firstname,
      major: fields.major || null,
      classes: fields.classes || null,
    },
  };
}

/** Reads and checks the whole file: the students of the right lines, and every wrong line. */
export function parseStudentCsv(text: string, emailDomains: readonly string[] = []): ParsedImport {
  const errors: ImportError[] = [];
  const fail = (line: number, message: string): ParsedImport => ({ students: [], errors: [{ line, message }] });
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // a semicolon is Excel's separator where the decimal mark is a comma (Vietnamese Windows)
      delimiter: [',', ';'],
      // csv-parse's typings do not follow `info: true`: each record comes with where it was read
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 1;
      return fail(line, IMPORT_TEXTS.malformedCsv);
    }
    throw error;
  }
  const [header, ...lines] = rows;
  if (!header) return fail(1, IMPORT_TEXTS.empty);

  const position = new Map<Column, number>();
  header.record.forEach((name, index) => {
    const column = normalizeHeader(name) as Column;
    if (([...REQUIRED, ...OPTIONAL] as string[]).includes(column) && !position.has(column)) position.set(column, index);
  });
  const missing = REQUIRED.filter((column) => !position.has(column));
  if (missing.length > 0) return fail(header.info.lines, IMPORT_TEXTS.missingColumns(missing));
  if (lines.length === 0) return fail(header.info.lines, IMPORT_TEXTS.noStudents);
  if (lines.length > IMPORT_MAX_ROWS) return fail(header.info.lines, IMPORT_TEXTS.tooManyRows(IMPORT_MAX_ROWS));

  const students: ImportedStudent[] = [];
  const lineOfMssv = new Map<string, number>();
  const lineOfEmail = new Map<string, number>();
  for (const { record, info } of lines) {
    if (errors.length >= IMPORT_MAX_ERRORS) break;
    // csv-parse counts the line a record ends on; a record spans one line unless a quoted field breaks
    const line = info.lines;
    const field = (column: Column) => {
      const index = position.get(column);
      return index === undefined ? '' : cleanText(record[index]);
    };
    if (record.every((value) => value.trim() === '')) continue;
    const fields = {
      mssv: field('mssv'),
      email: field('email'),
      lastname: field('lastname'),
      firstname: field('firstname'),
      major: field('major'),
      classes: field('classes'),
    };
    const checked = checkLine(fields, emailDomains);
    if ('error' in checked) {
      errors.push({ line, message: checked.error });
      continue;
    }
    const { student } = checked;
    const sameCode = lineOfMssv.get(student.mssv);
    if (sameCode !== undefined) {
      errors.push({ line, message: IMPORT_TEXTS.duplicateMssv(student.mssv, sameCode) });
      continue;
    }
    const sameEmail = lineOfEmail.get(student.email);
    if (sameEmail !== undefined) {
      errors.push({ line, message: IMPORT_TEXTS.duplicateEmail(student.email, sameEmail) });
      continue;
    }
    lineOfMssv.set(student.mssv, line);
    lineOfEmail.set(student.email, line);
    students.push({ line, ...student });
  }
  return { students, errors };
}
