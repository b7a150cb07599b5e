import type { PrinterChangeAction, Role } from 'shared-api/contracts';
import type { Db } from '../../db';
import { findUserName, insertNotice } from './notices.repository';
import {
  configChangedText,
  attentionText,
  connectivityText,
  jobFailedText,
  jobExpiringText,
  inEveryLanguage,
  printerChangeText,
  type NoticeActor,
  type NoticeLang,
} from './notice-texts';

/**
 * The notices the domain writes, each in the transaction of the change it reports (a change rolled back
 * leaves no notice). Each answers the roles it told, for the caller to raise notices-changed after the
 * commit.
 */

type Location = { facility: string; department: string; room: string };

async function actorOf(db: Db, userId: string | null): Promise<NoticeActor | null> {
  if (!userId) return null;
  const user = await findUserName(db, userId);
  return user ? { role: user.role, firstName: user.first_name, lastName: user.last_name } : null;
}

async function printerLocation(db: Db, printerId: string): Promise<Location | null> {
  const row = await db.one<Location>('SELECT facility, department, room FROM printers WHERE printer_id = $1', [
    printerId,
  ]);
  return row ?? null;
}

const ACTIONS = {
  create: 'printer-created',
  update: 'printer-updated',
  enable: 'printer-enabled',
  disable: 'printer-disabled',
  retire: 'printer-retired',
} as const;

/**
 * A printer change: a staff member's → every officer; an officer's → the staff (those of the printer's
 * facility, and every staff member with no facility).
 */
export async function noticePrinterChange(
  db: Db,
  change: {
    id: number;
    action: PrinterChangeAction;
    actorId: string;
    actorRole: 'staff' | 'spso';
    printerId: string;
    changes: Record<string, unknown>;
    jobsFailed: number;
    pagesRefunded: number;
  },
): Promise<Role[]> {
  const location = await printerLocation(db, change.printerId);
  const action = ACTIONS[change.action];
  const actor = await actorOf(db, change.actorId);
  const details = {
    fields: Object.keys(change.changes),
    jobsFailed: change.jobsFailed,
    pagesRefunded: change.pagesRefunded,
  };
  const description = inEveryLanguage((lang) =>
    printerChangeText(action, actor, change.printerId, location, details, lang),
  );
  const toStaff = change.actorRole === 'spso';
  await insertNotice(db, {
    senderId: change.actorId,
    receiverRole: toStaff ? 'staff' : 'spso',
    receiverFacility: toStaff ? (location?.facility ?? null) : null,
    printerId: change.printerId,
    location,
    action,
    description,
    printerChangeId: change.id,
  });
  return [toStaff ? 'staff' : 'spso'];
}

/** A job failed at a printer (a driver error, a claim that lapsed too often): the staff and the officers. */
export async function noticeJobFailed(db: Db, jobId: string, reason: string): Promise<Role[]> {
  const job = await db.one<{
    printer_id: string;
    title: string;
    cost: number;
    first_name: string;
    last_name: string;
    mssv: string | null;
  }>(
    `SELECT l.printer_id, d.title, l.cost, u.first_name, u.last_name, u.mssv
     FROM printing_logs l JOIN documents d ON d.id = l.document_id JOIN users u ON u.id = l.user_id
     WHERE l.id = $1`,
    [jobId],
  );
  if (!job) return [];
  const location = await printerLocation(db, job.printer_id);
  const student = `${job.last_name} ${job.first_name}`.trim() + (job.mssv ? ` (${job.mssv})` : '');
  const failed = { title: job.title, printerId: job.printer_id, student, reason, pages: job.cost };
  const description = inEveryLanguage((lang) => jobFailedText(failed, lang));
  for (const role of ['staff', 'spso'] as const) {
    await insertNotice(db, {
      senderId: null,
      receiverRole: role,
      receiverFacility: role === 'staff' ? (location?.facility ?? null) : null,
      printerId: job.printer_id,
      location,
      action: 'job-failed',
      description,
    });
  }
  return ['staff', 'spso'];
}

/** The system configuration changed: the other officers. */
export async function noticeConfigChanged(
  db: Db,
  actorId: string,
  fields: Record<NoticeLang, string[]>,
): Promise<Role[]> {
  const actor = await actorOf(db, actorId);
  await insertNotice(db, {
    senderId: actorId,
    receiverRole: 'spso',
    action: 'config-changed',
    description: inEveryLanguage((lang) => configChangedText(actor, fields[lang], lang)),
  });
  return ['spso'];
}

/**
 * A printer went offline or came back (the hook the IPP drivers call): the staff of its facility and the
 * officers.
 */
export async function noticePrinterConnectivity(
  db: Db,
  printerId: string,
  online: boolean,
  reason?: string,
): Promise<Role[]> {
  const location = await printerLocation(db, printerId);
  const description = inEveryLanguage((lang) => connectivityText(printerId, online, reason, lang));
  for (const role of ['staff', 'spso'] as const) {
    await insertNotice(db, {
      senderId: null,
      receiverRole: role,
      receiverFacility: role === 'staff' ? (location?.facility ?? null) : null,
      printerId,
      location,
      action: online ? 'printer-online' : 'printer-offline',
      description,
    });
  }
  return ['staff', 'spso'];
}

/**
 * A device reports something a person must see to (out of paper, a jam, toner low, a door open): the
 * staff of the printer's facility and the officers.
 */
export async function noticePrinterAttention(db: Db, printerId: string, reasons: readonly string[]): Promise<Role[]> {
  const location = await printerLocation(db, printerId);
  const description = inEveryLanguage((lang) => attentionText(printerId, reasons, lang));
  for (const role of ['staff', 'spso'] as const) {
    await insertNotice(db, {
      senderId: null,
      receiverRole: role,
      receiverFacility: role === 'staff' ? (location?.facility ?? null) : null,
      printerId,
      location,
      action: 'printer-attention',
      description,
    });
  }
  return ['staff', 'spso'];
}

/**
 * A held job expires soon: its owner (a notice to one student), with the minutes left, in the
 * transaction that marks the job as told (so each job's owner is told once, whatever the instances).
 */
export async function noticeJobExpiring(
  db: Db,
  job: { userId: string; printerId: string; title: string; minutes: number },
): Promise<void> {
  const location = await printerLocation(db, job.printerId);
  await insertNotice(db, {
    senderId: null,
    receiverId: job.userId,
    printerId: job.printerId,
    location,
    action: 'job-expiring',
    description: inEveryLanguage((lang) => jobExpiringText(job, lang)),
  });
}
