import escapeHtml from 'escape-html';
import type { NoticeAction } from 'shared-api/contracts';

/**
 * The descriptions of notices: HTML the portal shows as the notice's content, built here from escaped
 * values only (a printer description or a name holding markup shows as text, never runs). The portal
 * renders it through a sanitizer as well. Each notice is written in both languages of the portal and read
 * in the reader's (Accept-Language), so an officer reading in English reads it in English.
 */

export type NoticeLang = 'vi' | 'en';
export const NOTICE_LANGS: readonly NoticeLang[] = ['vi', 'en'];

const WORDS = {
  vi: {
    facility: { CS1: 'Cơ sở 1', CS2: 'Cơ sở 2' } as Record<string, string>,
    role: { staff: 'Nhân viên', spso: 'Cán bộ quản lý in ấn', system: 'Hệ thống' } as Record<string, string>,
    field: {
      brand: 'hãng',
      model: 'mẫu máy',
      description: 'mô tả',
      facility: 'cơ sở',
      department: 'tòa',
      room: 'phòng',
      status: 'trạng thái',
    } as Record<string, string>,
    place: (facility: string, department: string, room: string) => `${facility}, tòa ${department}, phòng ${room}`,
    printer: 'máy in',
    created: 'đã thêm',
    updated: 'đã cập nhật',
    enabled: 'đã kích hoạt lại',
    disabled: 'đã tạm dừng',
    retired: (who: string, printer: string, where: string) =>
      `${who} đã ngừng sử dụng ${printer}${where}; lịch sử in vẫn được giữ lại.`,
    refund: (jobs: number, pages: number) =>
      ` ${jobs} yêu cầu đang đợi đã bị hủy và hoàn ${pages} trang cho sinh viên.`,
    jobFailed: (title: string, student: string, printer: string, reason: string, pages: number) =>
      `Yêu cầu in ${title} của sinh viên ${student} tại máy in ${printer} thất bại: ${reason}. Đã hoàn ${pages} trang.`,
    config: 'đã thay đổi cấu hình hệ thống',
    online: (printer: string) => `Máy in ${printer} đã kết nối lại.`,
    offline: (printer: string, reason: string) => `Máy in ${printer} mất kết nối${reason ? `: ${reason}` : ''}.`,
    attention: (printer: string, reasons: string) => `Máy in ${printer} cần kiểm tra: ${reasons}.`,
    expiring: (title: string, printer: string, minutes: number) =>
      `Lệnh in ${title} đang chờ bạn tại máy in ${printer} sẽ hết hạn sau ${minutes} phút. Hãy đến nhận tại máy in hoặc gia hạn; hết hạn, số trang sẽ được hoàn lại.`,
    reason: {
      'media-empty': 'hết giấy',
      'media-low': 'sắp hết giấy',
      'media-jam': 'kẹt giấy',
      'toner-low': 'sắp hết mực',
      'toner-empty': 'hết mực',
      'marker-supply-low': 'sắp hết mực',
      'marker-supply-empty': 'hết mực',
      'door-open': 'cửa máy in đang mở',
      'cover-open': 'nắp máy in đang mở',
      'input-tray-missing': 'thiếu khay giấy',
      'output-area-full': 'khay ra giấy đầy',
      paused: 'máy in đang tạm dừng',
      stopped: 'máy in đã dừng',
      other: 'lỗi khác',
    } as Record<string, string>,
  },
  en: {
    facility: { CS1: 'Campus 1', CS2: 'Campus 2' } as Record<string, string>,
    role: { staff: 'Staff member', spso: 'Print service officer', system: 'System' } as Record<string, string>,
    field: {
      brand: 'brand',
      model: 'model',
      description: 'description',
      facility: 'campus',
      department: 'building',
      room: 'room',
      status: 'status',
    } as Record<string, string>,
    place: (facility: string, department: string, room: string) => `${facility}, building ${department}, room ${room}`,
    printer: 'printer',
    created: 'added',
    updated: 'updated',
    enabled: 'turned back on',
    disabled: 'paused',
    retired: (who: string, printer: string, where: string) =>
      `${who} retired ${printer}${where}; its print log is kept.`,
    refund: (jobs: number, pages: number) =>
      ` ${jobs} waiting request${jobs === 1 ? ' was' : 's were'} cancelled and ${pages} page${pages === 1 ? '' : 's'} given back to the students.`,
    jobFailed: (title: string, student: string, printer: string, reason: string, pages: number) =>
      `The print request ${title} of student ${student} at printer ${printer} failed: ${reason}. ${pages} page${pages === 1 ? ' was' : 's were'} given back.`,
    config: 'changed the system configuration',
    online: (printer: string) => `Printer ${printer} is connected again.`,
    offline: (printer: string, reason: string) => `Printer ${printer} went offline${reason ? `: ${reason}` : ''}.`,
    attention: (printer: string, reasons: string) => `Printer ${printer} needs attention: ${reasons}.`,
    expiring: (title: string, printer: string, minutes: number) =>
      `Your print job ${title} waiting at printer ${printer} expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Release it at the printer or extend it; once expired, its pages are given back.`,
    reason: {
      'media-empty': 'out of paper',
      'media-low': 'paper low',
      'media-jam': 'paper jam',
      'toner-low': 'toner low',
      'toner-empty': 'out of toner',
      'marker-supply-low': 'ink or toner low',
      'marker-supply-empty': 'out of ink or toner',
      'door-open': 'a door is open',
      'cover-open': 'a cover is open',
      'input-tray-missing': 'an input tray is missing',
      'output-area-full': 'the output tray is full',
      paused: 'paused',
      stopped: 'stopped',
      other: 'another fault',
    } as Record<string, string>,
  },
} as const;

const b = (text: string) => `<b>${escapeHtml(text)}</b>`;

export interface NoticeActor {
  role: string;
  firstName: string;
  lastName: string;
}

export function actorText(actor: NoticeActor | null, lang: NoticeLang = 'vi'): string {
  const words = WORDS[lang];
  if (!actor) return b(words.role.system ?? 'Hệ thống');
  const name = `${actor.lastName} ${actor.firstName}`.trim();
  return `${escapeHtml(words.role[actor.role] ?? actor.role)} ${b(name || '—')}`;
}

export function locationText(
  location: { facility: string; department: string; room: string } | null,
  lang: NoticeLang = 'vi',
): string {
  if (!location) return '';
  const words = WORDS[lang];
  const facility = words.facility[location.facility] ?? location.facility;
  return escapeHtml(words.place(facility, location.department, location.room));
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
  lang: NoticeLang = 'vi',
): string {
  const words = WORDS[lang];
  const who = actorText(actor, lang);
  const printer = `${words.printer} ${b(printerId)}`;
  const where = location ? ` (${locationText(location, lang)})` : '';
  switch (action) {
    case 'printer-created':
      return `${who} ${words.created} ${printer}${where}.`;
    case 'printer-updated': {
      const fields = (details.fields ?? []).map((f) => words.field[f] ?? f);
      return `${who} ${words.updated} ${printer}${where}${fields.length ? `: ${escapeHtml(fields.join(', '))}` : ''}.`;
    }
    case 'printer-enabled':
      return `${who} ${words.enabled} ${printer}${where}.`;
    case 'printer-disabled': {
      const jobs = details.jobsFailed ?? 0;
      const refund = jobs > 0 ? words.refund(jobs, details.pagesRefunded ?? 0) : '';
      return `${who} ${words.disabled} ${printer}${where}.${refund}`;
    }
    case 'printer-retired':
      return words.retired(who, printer, where);
  }
}

/** A job failed at a printer (a driver error, a lapsed claim): refunded. */
export function jobFailedText(
  job: { title: string; printerId: string; student: string; reason: string; pages: number },
  lang: NoticeLang = 'vi',
): string {
  return WORDS[lang].jobFailed(b(job.title), b(job.student), b(job.printerId), escapeHtml(job.reason), job.pages);
}

export function configChangedText(actor: NoticeActor | null, fields: string[], lang: NoticeLang = 'vi'): string {
  return `${actorText(actor, lang)} ${WORDS[lang].config}${fields.length ? `: ${escapeHtml(fields.join(', '))}` : ''}.`;
}

export function connectivityText(printerId: string, online: boolean, reason?: string, lang: NoticeLang = 'vi'): string {
  const words = WORDS[lang];
  return online ? words.online(b(printerId)) : words.offline(b(printerId), reason ? escapeHtml(reason) : '');
}

/**
 * A device's state reasons (IPP keywords such as 'media-empty-error') in the reader's words; a keyword we
 * do not know is shown as the device said it, escaped.
 */
export function attentionText(printerId: string, reasons: readonly string[], lang: NoticeLang = 'vi'): string {
  const words = WORDS[lang];
  const named = reasons.map((reason) => {
    const key = reason.replace(/-(error|warning|report)$/, '');
    return escapeHtml(words.reason[key] ?? reason);
  });
  return words.attention(b(printerId), [...new Set(named)].join(', '));
}

/** A held job of the student's expires soon (release it at the printer, or extend it). */
export function jobExpiringText(
  job: { title: string; printerId: string; minutes: number },
  lang: NoticeLang = 'vi',
): string {
  return WORDS[lang].expiring(b(job.title), b(job.printerId), job.minutes);
}

/** The notice's description in every language of the portal. */
export function inEveryLanguage(make: (lang: NoticeLang) => string): Record<NoticeLang, string> {
  return { vi: make('vi'), en: make('en') };
}
