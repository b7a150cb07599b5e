import type { SystemConfigProblem } from 'shared-api/contracts';
import {
  CONFIG_BALANCE_MAX,
  CONFIG_BALANCE_MIN,
  CONFIG_FILE_TYPES_MAX,
  CONFIG_PRICE_MAX,
  CONFIG_PRICE_MIN,
  CONFIG_HELD_MINUTES_MAX,
  CONFIG_HELD_MINUTES_MIN,
  CONFIG_RETENTION_MAX,
  CONFIG_RETENTION_MIN,
} from 'shared-api/contracts';

/** The server's Vietnamese texts of the configuration: refusals and the notice's field names. */
export const CONFIG_TEXTS = {
  saved: 'Cập nhật thành công cấu hình cho hệ thống!',
  wrongPassword: 'Mật khẩu không chính xác !',
  tooManyPasswords: (seconds: number) => `Bạn đã nhập sai mật khẩu nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  passwordRequired: 'Vui lòng nhập mật khẩu của bạn để xác nhận',
};

const FIELD_NAMES = {
  currentBalance: 'Số trang mặc định mỗi học kỳ',
  startDate1: 'Ngày cấp trang học kỳ 1',
  startDate2: 'Ngày cấp trang học kỳ 2',
  currentA4Price: 'Giá một trang A4',
  currentFileType: 'Loại file được phép in',
  retentionHours: 'Thời gian giữ tệp sau khi in (giờ)',
  heldJobMinutes: 'Thời gian giữ lệnh in chờ nhận tại máy in (phút)',
} as const;

/** The refusal (400) of one rule of the form. */
export function configProblemText(problem: SystemConfigProblem): string {
  const name = FIELD_NAMES[problem.field];
  switch (problem.code) {
    case 'required':
      return `${name} là bắt buộc`;
    case 'not-integer':
      return `${name} phải là số nguyên`;
    case 'range':
      if (problem.field === 'heldJobMinutes')
        return `${name} phải từ ${CONFIG_HELD_MINUTES_MIN} đến ${CONFIG_HELD_MINUTES_MAX}`;
      if (problem.field === 'retentionHours')
        return `${name} phải từ ${CONFIG_RETENTION_MIN} đến ${CONFIG_RETENTION_MAX}`;
      return problem.field === 'currentBalance'
        ? `${name} phải từ ${CONFIG_BALANCE_MIN} đến ${CONFIG_BALANCE_MAX}`
        : `${name} phải từ ${CONFIG_PRICE_MIN} đến ${CONFIG_PRICE_MAX} VND`;
    case 'invalid-date':
      return `${name} không phải là một ngày hợp lệ (YYYY-MM-DD)`;
    case 'empty':
      return `${name}: cần ít nhất một loại`;
    case 'too-many':
      return `${name}: tối đa ${CONFIG_FILE_TYPES_MAX} loại`;
    case 'invalid-type':
      return `${name}: mỗi loại gồm 1 đến 10 chữ cái hoặc chữ số, không có dấu chấm`;
    case 'duplicate':
      return 'Loại file đã tồn tại !';
  }
}

/** The notice's line for one changed field: 'Giá một trang A4: 500 → 600'. */
/** The fields' names in the officers' notices, in English (the Vietnamese are FIELD_NAMES). */
const FIELD_NAMES_EN: Record<keyof typeof FIELD_NAMES, string> = {
  currentBalance: 'Pages per semester',
  startDate1: 'Grant date, semester 1',
  startDate2: 'Grant date, semester 2',
  currentA4Price: 'Price of an A4 page',
  currentFileType: 'Allowed file types',
  retentionHours: 'File retention after printing (hours)',
  heldJobMinutes: 'Held jobs wait for release (minutes)',
};

export function configChangeLine(
  field: keyof typeof FIELD_NAMES,
  before: string,
  after: string,
  lang: 'vi' | 'en' = 'vi',
): string {
  return `${(lang === 'en' ? FIELD_NAMES_EN : FIELD_NAMES)[field]}: ${before} → ${after}`;
}
