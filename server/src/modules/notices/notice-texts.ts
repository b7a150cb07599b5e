import escapeHtml from 'escape-html';
import type { NoticeAction } from 'shared-api/contracts';

/**
 * The descriptions of notices: HTML the portal shows as the notice's content, built here from escaped
 * values only (a printer description or a name holding markup shows as text, never runs). The portal
 * renders it through a sanitizer as well.
 */

const FACILITY_NAMES: Record<string, string> = { CS1: 'Cơ sở 1', CS2: 'Cơ sở 2' };
const ROLE_NAMES: Record<string, string> = { staff: 'Nhân viên', spso: 'Cán bộ quản lý in ấn', system: 'Hệ thống' };
const FIELD_NAMES: Record<string, string> = {
  brand: 'hãng',
  model: 'mẫu máy',
  description: 'mô tả',
  facility: 'cơ sở',
  department: 'tòa',
  room: 'phòng',
  status: 'trạng thái',
};

const b = (text: string) => `<b>${escapeHtml(text)}</b>`;

export interface NoticeActor {
  role: string;
  firstName: string;
  lastName: string;
}

export function actorText(actor: NoticeActor | null): string {
  if (!actor) return b(ROLE_NAMES.system ?? 'Hệ thống');
  const name = `${actor.lastName} ${actor.firstName}`.trim();
  return `${escapeHtml(ROLE_NAMES[actor.role] ?? actor.role)} ${b(name || '—')}`;
}

export function locationText(location: { facility: string; department: string; room: string } | null): string {
  if (!location) return '';
  const facility = FACILITY_NAMES[location.facility] ?? location.facility;
  return escapeHtml(`${facility}, tòa ${location.department}, phòng ${location.room}`);
}

/** The text of a printer change: who did what to which printer, where. */
export function printerChangeText(
  action: Extract<
    NoticeAction,
    'printer-created' | 'printer-updated' | 'printer-enabled' | 'printer-disabled' | 'printer-retired'
  >,
  actor: NoticeActor | null,
  printerId: string,
  location: { facility: string; department: string; room: string } | null,
  details: { fields?: string[]; jobsFailed?: number; pagesRefunded?: number } = {},
): string {
  const who = actorText(actor);
  const printer = `máy in ${b(printerId)}`;
  const where = location ? ` (${locationText(location)})` : '';
  switch (action) {
    case 'printer-created':
      return `${who} đã thêm ${printer}${where}.`;
    case 'printer-updated': {
      const fields = (details.fields ?? []).map((f) => FIELD_NAMES[f] ?? f);
      return `${who} đã cập nhật ${printer}${where}${fields.length ? `: ${escapeHtml(fields.join(', '))}` : ''}.`;
    }
    case 'printer-enabled':
      return `${who} đã kích hoạt lại ${printer}${where}.`;
    case 'printer-disabled': {
      const jobs = details.jobsFailed ?? 0;
      const refund =
        jobs > 0
          ? ` ${jobs} yêu cầu đang đợi đã bị hủy và hoàn ${details.pagesRefunded ?? 0} trang cho sinh viên.`
          : '';
      return `${who} đã tạm dừng ${printer}${where}.${refund}`;
    }
    case 'printer-retired':
      return `${who} đã ngừng sử dụng ${printer}${where}; lịch sử in vẫn được giữ lại.`;
  }
}

/** A job failed at a printer (a driver error, a lapsed claim): refunded. */
export function jobFailedText(job: {
  title: string;
  printerId: string;
  student: string;
  reason: string;
  pages: number;
}): string {
  return (
    `Yêu cầu in ${b(job.title)} của sinh viên ${b(job.student)} tại máy in ${b(job.printerId)} thất bại: ` +
    `${escapeHtml(job.reason)}. Đã hoàn ${job.pages} trang.`
  );
}

export function configChangedText(actor: NoticeActor | null, fields: string[]): string {
  return `${actorText(actor)} đã thay đổi cấu hình hệ thống${fields.length ? `: ${escapeHtml(fields.join(', '))}` : ''}.`;
}

export function connectivityText(printerId: string, online: boolean, reason?: string): string {
  return online
    ? `Máy in ${b(printerId)} đã kết nối lại.`
    : `Máy in ${b(printerId)} mất kết nối${reason ? `: ${escapeHtml(reason)}` : ''}.`;
}
