/**
 * What the reports say in words: the error messages of the report routes and the texts of the downloaded
 * files (CSV headers, PDF title and labels). Vietnamese, as the officers read them.
 */
import { REPORT_FIRST_YEAR } from 'shared-api/contracts';

export const reportMessages = {
  yearOutOfRange: (currentYear: number) => `Năm báo cáo phải là số nguyên từ ${REPORT_FIRST_YEAR} đến ${currentYear}`,
  monthInvalid: 'Tháng báo cáo phải từ 1 đến 12, hoặc để trống để xem cả năm',
  sortInvalid: 'Thứ tự sắp xếp phải là 1 (tháng mới nhất trước) hoặc -1 (tháng cũ nhất trước)',
  notFound: 'Không tìm thấy báo cáo đã lưu này',
  formatInvalid: 'Định dạng tệp phải là csv hoặc pdf',
};

/** The period as a person reads it: 'Tháng 10/2026' or 'Năm 2026'. */
export function periodTitle(year: number, month: number | null): string {
  return month === null ? `Năm ${year}` : `Tháng ${String(month).padStart(2, '0')}/${year}`;
}

export const fileTexts = {
  title: 'BÁO CÁO IN ẤN',
  service: 'Hệ thống in ấn thông minh — Trường Đại học Bách khoa',
  period: 'Kỳ báo cáo',
  generatedAt: 'Thời điểm tạo',
  vietnamTime: '(giờ Việt Nam)',
  totals: 'Tổng hợp',
  averages: 'Trung bình mỗi máy in',
  totalPages: 'Tổng số trang',
  totalA4: 'Tổng số trang A4',
  totalA3: 'Tổng số trang A3',
  totalPrinted: 'Số lượt in',
  printerCount: 'Số máy in hoạt động trong kỳ',
  avgA4: 'Trung bình trang A4 mỗi máy',
  avgA3: 'Trung bình trang A3 mỗi máy',
  avgPrinted: 'Trung bình lượt in mỗi máy',
  rows: 'Chi tiết theo máy in và tháng',
  noRows: 'Không có yêu cầu in nào hoàn thành trong kỳ này.',
  page: (n: number, of: number) => `Trang ${n}/${of}`,
  columns: {
    date: 'Thời gian',
    printerId: 'Mã máy in',
    facility: 'Cơ sở',
    department: 'Tòa',
    room: 'Phòng',
    printed: 'Số lượt in',
    totalA3Pages: 'Số trang A3',
    totalA4Pages: 'Số trang A4',
  },
  definitions:
    'Lượt in: yêu cầu đã in xong trong kỳ (giờ Việt Nam). Số trang: số tờ giấy đã dùng theo khổ; ' +
    'tổng số trang = A4 + A3. Trung bình tính trên các máy in hoạt động trong kỳ.',
};
