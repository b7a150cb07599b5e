import type { Db } from '../../db';
import { semesterAt, semesterStarts } from '../../lib/semester';
import { applyLedgerEntry } from '../ledger/ledger.repository';
import { lockStudentsWithoutGrant, newestGrantedSemester, takeGrantLock } from './grants.repository';
import { readConfigInForce, type SystemConfig } from '../system-config/system-config.service';

export type GrantPolicy = SystemConfig['grant_policy'];

export type GrantSettings = Pick<SystemConfig, 'current_balance' | 'grant_policy' | 'start_date1' | 'start_date2'>;

export interface GrantRunResult {
  /** The semester running at the time of the run, e.g. HK261. */
  semesterKey: string;
  /** Students granted by this run (another instance may have granted the others). */
  granted: number;
  /** A newer semester was already granted (the dates or the clock went back): nothing done. */
  skipped: boolean;
}

/** Students granted per transaction (each transaction holds the grant lock). */
export const GRANT_BATCH = 500;

export function getGrantSettings(db: Db): Promise<GrantSettings> {
  return readConfigInForce(db);
}

/** Pages a grant gives: 'add' the configured amount; 'topup' up to it (never negative). */
export function grantDelta(policy: GrantPolicy, amount: number, balance: number): number {
  return policy === 'topup' ? Math.max(0, amount - balance) : amount;
}

/** When the next semester starts after `now` (the scheduler wakes up then). */
export function nextGrantDate(settings: GrantSettings, now: Date): Date | null {
  const inAYear = new Date(now.getTime() + 366 * 86_400_000);
  return (
    semesterStarts(settings.start_date1, settings.start_date2, now, inAYear).find((s) => s.start > now)?.start ?? null
  );
}

/**
 * The semester grant (issue 4). The semester running at `now` (its start is the latest configured
 * grant date, start_date1 or start_date2 of some year, at or before `now`) is granted to every active
 * student who has no grant for it yet: system_config.current_balance pages, added ('add', the
 * default) or topping the balance up to that amount ('topup', still a ledger row, maybe of 0).
 *
 * Once per student per semester key: the ledger's unique (user_id, semester_key) index for grants
 * makes a repeat a no-op, whichever process runs it; a transaction-scoped advisory lock makes two
 * instances take turns instead of racing. A restart runs it again (a server down on the date grants
 * when it comes back); a student created after the date gets it at the next run; moving a date after
 * the grant changes nothing (the semester key is the same), and a semester older than one already
 * granted is never granted (dates or clock moved back).
 */
export async function runSemesterGrant(db: Db, now: Date): Promise<GrantRunResult> {
  const settings = await getGrantSettings(db);
  const semester = semesterAt(settings.start_date1, settings.start_date2, now);
  const key = semester.key;
  const newest = await newestGrantedSemester(db);
  if (newest && newest > key) return { semesterKey: key, granted: 0, skipped: true };

  let granted = 0;
  for (;;) {
    const done = await db.tx(async (t) => {
      await takeGrantLock(t);
      const students = await lockStudentsWithoutGrant(t, key, GRANT_BATCH);
      for (const student of students) {
        const result = await applyLedgerEntry(t, {
          userId: student.id,
          kind: 'grant',
          delta: grantDelta(settings.grant_policy, settings.current_balance, student.balance),
          refType: 'semester',
          refId: key,
          semesterKey: key,
          note: `Cấp trang in học kỳ ${key}`,
        });
        if (result.applied) granted += 1;
      }
      return students.length < GRANT_BATCH;
    });
    if (done) break;
  }
  return { semesterKey: key, granted, skipped: false };
}
