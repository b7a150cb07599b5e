import type {
  AdjustmentRequest,
  AdjustmentResponse,
  StudentHistoryDetailRow,
  StudentLedgerView,
  StudentRecord,
} from 'shared-api/contracts';
import { adjustmentProblems, STUDENT_LIST_PER_PAGE } from 'shared-api/contracts';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, errors } from '../../lib/errors';
import { direction, filterValue } from '../../lib/list-filters';
import { foldVietnamese } from '../../lib/vietnamese';
import type { AuthUser } from '../../types';
import { applyLedgerEntry, findAdjustment, ledgerPage, toLedgerEntry } from '../ledger/ledger.repository';
import * as repo from './student-activity.repository';
import { ACTIVITY_TEXTS, adjustmentProblemText } from './student-activity.texts';

/** Days of history the detail answers (a year of days with prints). */
export const DETAIL_DAYS = 366;
/** The ledger rows an officer's adjustment writes are referenced by its request id under this type. */
const ADJUSTMENT_REF = 'officer-adjustment';

export interface StudentListParams {
  studentId?: string;
  studentName?: string;
  sortName?: string;
  sortPayment?: string;
  page?: number;
  per_page?: number;
}

export type StudentActivityService = ReturnType<typeof createStudentActivityService>;

const sortOf = (value: string | undefined): 1 | -1 | null => (filterValue(value) === null ? null : direction(value, 1));

function toRecord(row: repo.StudentRow): StudentRecord {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    mssv: row.mssv,
    major: row.major,
    classes: row.classes,
    total_payment: Number(row.total_payment),
    printedA4: row.printed_a4,
    printedA3: row.printed_a3,
    balance: row.balance,
  };
}

/**
 * Student activity for the officers: the list (search by code and by name without diacritics, sorts by
 * given name and by payment, paged), a student's printing by day and page movements, and the officer's
 * page adjustment (one ledger row with its reason and its author: the audit trail).
 */
export function createStudentActivityService(db: Db, events: DomainEvents) {
  async function student(mssv: string): Promise<repo.StudentRow> {
    const row = await repo.findStudentByMssv(db, mssv.trim());
    if (!row) throw errors.notFound(ACTIVITY_TEXTS.unknownStudent(mssv.trim()));
    return row;
  }

  return {
    async list(params: StudentListParams) {
      const perPage = params.per_page ?? STUDENT_LIST_PER_PAGE;
      const page = params.page ?? 1;
      const name = filterValue(params.studentName);
      const search: repo.StudentSearch = {
        mssvPart: filterValue(params.studentId),
        nameFolded: name === null ? null : foldVietnamese(name).replace(/\s+/g, ' '),
      };
      const [rows, total] = await Promise.all([
        repo.listStudents(db, {
          ...search,
          sortName: sortOf(params.sortName),
          sortPayment: sortOf(params.sortPayment),
          limit: perPage,
          offset: (page - 1) * perPage,
        }),
        repo.countStudents(db, search),
      ]);
      return { students: rows.map(toRecord), total, page, per_page: perPage };
    },

    async detail(mssv: string): Promise<StudentHistoryDetailRow[]> {
      const row = await student(mssv);
      const days = await repo.historyByDay(db, row.id, DETAIL_DAYS);
      return days.map((day) => ({
        date: day.date,
        fileNames: day.file_names,
        quantity: day.quantity,
        page_Quantity: { A4: day.a4, A3: day.a3 },
      }));
    },

    async ledger(mssv: string, page: number, perPage: number): Promise<StudentLedgerView> {
      const row = await student(mssv);
      const { rows, total } = await ledgerPage(db, row.id, perPage, (page - 1) * perPage);
      return {
        student: {
          _id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          mssv: row.mssv,
          major: row.major,
          classes: row.classes,
          balance: row.balance,
        },
        entries: rows.map(toLedgerEntry),
        total,
        page,
        per_page: perPage,
        balance: row.balance,
      };
    },

    /**
     * Adds or takes pages with a reason, once per request id: a repeat (a double click, a retry) answers
     * the row already written and changes nothing; the same id for another student, or with other pages
     * or another reason, is a 409 (nothing was applied, and the officer's screen must not say otherwise).
     */
    async adjust(officer: AuthUser, body: AdjustmentRequest): Promise<AdjustmentResponse> {
      const problem = adjustmentProblems(body)[0];
      if (problem) throw errors.badRequest(adjustmentProblemText(problem));
      const row = await student(body.studentId);
      const earlier = await findAdjustment(db, ADJUSTMENT_REF, body.requestId);
      if (earlier) return repeated(earlier, row);
      let result;
      try {
        result = await applyLedgerEntry(db, {
          userId: row.id,
          kind: 'adjustment',
          delta: body.pages,
          refType: ADJUSTMENT_REF,
          refId: body.requestId,
          note: body.reason.trim(),
          createdBy: officer.id,
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 422)
          throw errors.businessRule(ACTIVITY_TEXTS.belowZero(-body.pages, row.balance));
        throw error;
      }
      if (!result.applied) {
        // the same request won a race on another connection: answer its row
        const won = await findAdjustment(db, ADJUSTMENT_REF, body.requestId);
        if (won) return repeated(won, row);
        throw new Error('adjustment neither applied nor found');
      }
      events.emit('ledger-written', { userId: row.id });
      events.emit('pages-adjusted', { userId: row.id });
      const written = await findAdjustment(db, ADJUSTMENT_REF, body.requestId);
      if (!written) throw new Error('adjustment written but not found');
      return { entry: toLedgerEntry(written), balance: result.balance, applied: true };

      async function repeated(
        entry: NonNullable<Awaited<ReturnType<typeof findAdjustment>>>,
        target: repo.StudentRow,
      ): Promise<AdjustmentResponse> {
        if (entry.user_id !== target.id) throw errors.conflict(ACTIVITY_TEXTS.requestReused);
        // the same request again answers what it did; the id with other pages or another reason did nothing
        if (entry.delta !== body.pages || (entry.note ?? '') !== body.reason.trim()) {
          throw errors.conflict(ACTIVITY_TEXTS.requestChanged);
        }
        const current = await repo.findStudentByMssv(db, target.mssv);
        return { entry: toLedgerEntry(entry), balance: current?.balance ?? target.balance, applied: false };
      }
    },
  };
}
