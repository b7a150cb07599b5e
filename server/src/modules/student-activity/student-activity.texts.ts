import type { AdjustmentProblem } from 'shared-api/contracts';
import { ADJUSTMENT_PAGES_MAX, ADJUSTMENT_REASON_MAX, ADJUSTMENT_REASON_MIN } from 'shared-api/contracts';

/** The server's Vietnamese texts of student activity and adjustments. */
export const ACTIVITY_TEXTS = {
  unknownStudent: (mssv: string) => `Không tìm thấy sinh viên có mã số ${mssv}`,
  belowZero: (pages: number, balance: number) =>
    `Không thể trừ ${pages} trang: sinh viên chỉ còn ${balance} trang (số dư không được âm)`,
  requestReused: 'Mã yêu cầu điều chỉnh này đã được dùng cho một sinh viên khác',
  requestChanged:
    'Mã yêu cầu điều chỉnh này đã được dùng cho một điều chỉnh khác (số trang hoặc lý do khác): không có gì thay đổi',
  adjusted: 'Đã điều chỉnh số trang của sinh viên',
};

export function adjustmentProblemText(problem: AdjustmentProblem): string {
  switch (problem) {
    case 'pages-zero':
      return 'Số trang điều chỉnh phải là số nguyên khác 0';
    case 'pages-range':
      return `Mỗi lần điều chỉnh tối đa ${ADJUSTMENT_PAGES_MAX} trang`;
    case 'reason-short':
      return `Lý do điều chỉnh cần ít nhất ${ADJUSTMENT_REASON_MIN} ký tự`;
    case 'reason-long':
      return `Lý do điều chỉnh tối đa ${ADJUSTMENT_REASON_MAX} ký tự`;
  }
}
