import type { TFunction } from 'i18next';
import type { Notice, NoticeParty, NoticeRole } from 'shared-api';

/** A sender's full name as people read it ('Nguyễn Văn An'); 'Hệ thống' for the system. */
export function senderName(sender: NoticeParty, t: TFunction<'ui'>): string {
  if (sender.role === 'system') return t('notices.system');
  const name = [sender.lastName, sender.firstName].filter(Boolean).join(' ').trim();
  return name || t('notices.placeholder');
}

/** A sender's role in words ('Nhân viên', 'Quản trị viên SPSO', 'Hệ thống'). */
export function senderRole(sender: NoticeParty, t: TFunction<'ui'>): string {
  return t(`notices.roles.${sender.role}`, { defaultValue: sender.role });
}

/** The query key the printer pages read to open with a printer searched. */
export const PRINTER_QUERY_KEY = 'printer';

/** The printer page of the reader's role with that printer searched: '/ManageSpso?printer=H6-605'. */
export function printerLink(role: NoticeRole, printerId: string): string {
  const page = role === 'spso' ? '/ManageSpso' : '/ManageStaff';
  return `${page}?${new URLSearchParams({ [PRINTER_QUERY_KEY]: printerId }).toString()}`;
}

/** True for a notice the reader has not confirmed. */
export const isUnseen = (notice: Notice): boolean => !notice.seen;
