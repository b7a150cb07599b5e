/** Fixed material for the demo seed: Vietnamese names, faculties, printers, document titles. */

// prettier-ignore
export const FAMILY_NAMES = [
  'Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng',
  'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý', 'Trương', 'Đinh', 'Lâm', 'Mai',
] as const;

// prettier-ignore
export const MIDDLE_NAMES_MALE = ['Văn', 'Minh', 'Quốc', 'Đức', 'Hữu', 'Thành', 'Gia', 'Hoàng', 'Tuấn', 'Công'] as const;
// prettier-ignore
export const MIDDLE_NAMES_FEMALE = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Mỹ', 'Khánh', 'Bảo', 'Phương', 'Diễm', 'Kim'] as const;

// prettier-ignore
export const GIVEN_NAMES_MALE = [
  'An', 'Bảo', 'Cường', 'Dũng', 'Duy', 'Hải', 'Hiếu', 'Hoàng', 'Huy', 'Khang',
  'Khoa', 'Kiên', 'Long', 'Minh', 'Nam', 'Nghĩa', 'Phát', 'Phúc', 'Quân', 'Sơn',
  'Tài', 'Thắng', 'Thịnh', 'Trí', 'Trung', 'Tùng', 'Vinh', 'Vũ',
] as const;
// prettier-ignore
export const GIVEN_NAMES_FEMALE = [
  'Anh', 'Chi', 'Diệp', 'Giang', 'Hà', 'Hân', 'Hằng', 'Hương', 'Lan', 'Linh',
  'Mai', 'My', 'Ngân', 'Nhi', 'Như', 'Oanh', 'Phương', 'Quỳnh', 'Tâm', 'Thảo',
  'Trang', 'Trâm', 'Uyên', 'Vy', 'Yến',
] as const;

/** Faculties (Khoa) with the class-code prefix used in class names such as MT21KH01. */
// prettier-ignore
export const FACULTIES = [
  { major: 'Khoa học và Kỹ thuật Máy tính', code: 'MT' },
  { major: 'Điện - Điện tử', code: 'DD' },
  { major: 'Cơ khí', code: 'CK' },
  { major: 'Kỹ thuật Hóa học', code: 'HC' },
  { major: 'Kỹ thuật Xây dựng', code: 'XD' },
  { major: 'Quản lý Công nghiệp', code: 'QL' },
  { major: 'Khoa học Ứng dụng', code: 'UD' },
  { major: 'Kỹ thuật Giao thông', code: 'GT' },
  { major: 'Công nghệ Vật liệu', code: 'VL' },
  { major: 'Môi trường và Tài nguyên', code: 'MO' },
  { major: 'Kỹ thuật Địa chất và Dầu khí', code: 'DC' },
] as const;

/** Programme codes in class names: KH (standard), KT, CL (high quality), TN (talented). */
// prettier-ignore
export const PROGRAMMES = ['KH', 'KT', 'CL', 'TN'] as const;

export interface SeedPrinter {
  printerId: string;
  brand: string;
  model: string;
  facility: 'CS1' | 'CS2';
  department: string;
  room: string;
  status: 0 | 1;
  description: string;
  activated: string;
}

// prettier-ignore
export const PRINTERS: readonly SeedPrinter[] = [
  { printerId: 'B1-109', brand: 'HP', model: 'LaserJet Pro M404dn', facility: 'CS1', department: 'B1', room: '109', status: 1, description: 'Máy in trắng đen, in hai mặt tự động, cạnh phòng tự học.', activated: '2023-02-10' },
  { printerId: 'B1-212', brand: 'Canon', model: 'imageRUNNER 2630', facility: 'CS1', department: 'B1', room: '212', status: 1, description: 'Máy photocopy đa năng khổ A3/A4.', activated: '2023-02-10' },
  { printerId: 'B2-105', brand: 'Brother', model: 'HL-L5200DW', facility: 'CS1', department: 'B2', room: '105', status: 1, description: 'Máy in laser trắng đen tốc độ cao.', activated: '2023-05-22' },
  { printerId: 'B3-203', brand: 'Ricoh', model: 'IM 2702', facility: 'CS1', department: 'B3', room: '203', status: 0, description: 'Máy photocopy khổ A3, đang bảo trì bộ sấy.', activated: '2022-09-05' },
  { printerId: 'B4-301', brand: 'Epson', model: 'WorkForce Pro WF-C5790', facility: 'CS1', department: 'B4', room: '301', status: 1, description: 'Máy in phun màu cho tài liệu có hình ảnh.', activated: '2024-01-08' },
  { printerId: 'B4-504', brand: 'HP', model: 'Color LaserJet Pro M454dw', facility: 'CS1', department: 'B4', room: '504', status: 1, description: 'Máy in laser màu, khu thư viện tầng 5.', activated: '2024-03-18' },
  { printerId: 'B5-110', brand: 'Kyocera', model: 'ECOSYS P3145dn', facility: 'CS1', department: 'B5', room: '110', status: 1, description: 'Máy in laser trắng đen, hành lang khu B5.', activated: '2023-09-01' },
  { printerId: 'B5-204', brand: 'Xerox', model: 'VersaLink B405', facility: 'CS1', department: 'B5', room: '204', status: 0, description: 'Tạm dừng: hết mực, chờ thay hộp mực.', activated: '2022-11-14' },
  { printerId: 'H1-101', brand: 'Canon', model: 'imageCLASS LBP226dw', facility: 'CS2', department: 'H1', room: '101', status: 1, description: 'Máy in sảnh tòa H1.', activated: '2023-08-20' },
  { printerId: 'H1-203', brand: 'HP', model: 'LaserJet Enterprise M507dn', facility: 'CS2', department: 'H1', room: '203', status: 1, description: 'Máy in laser trắng đen khổ A4.', activated: '2024-02-26' },
  { printerId: 'H3-106', brand: 'Brother', model: 'MFC-L8900CDW', facility: 'CS2', department: 'H3', room: '106', status: 1, description: 'Máy in màu đa năng, có scan.', activated: '2023-10-02' },
  { printerId: 'H6-109', brand: 'Ricoh', model: 'SP 5300DN', facility: 'CS2', department: 'H6', room: '109', status: 1, description: 'Máy in tốc độ cao cho khu giảng đường H6.', activated: '2022-08-29' },
  { printerId: 'H6-308', brand: 'Lexmark', model: 'MS621dn', facility: 'CS2', department: 'H6', room: '308', status: 0, description: 'Tạm dừng: kẹt giấy khay 2.', activated: '2023-03-13' },
  { printerId: 'H6-605', brand: 'Canon', model: 'imageRUNNER ADVANCE DX C3826i', facility: 'CS2', department: 'H6', room: '605', status: 1, description: 'Máy photocopy màu khổ A3, phòng máy tầng 6.', activated: '2024-08-12' },
];

// prettier-ignore
export const COURSES = [
  'Giải tích 1', 'Giải tích 2', 'Đại số tuyến tính', 'Vật lý 1', 'Hóa đại cương', 'Xác suất và thống kê',
  'Cấu trúc dữ liệu và giải thuật', 'Kiến trúc máy tính', 'Hệ điều hành', 'Mạng máy tính', 'Cơ sở dữ liệu',
  'Công nghệ phần mềm', 'Trí tuệ nhân tạo', 'Lập trình nâng cao', 'Mô hình hóa toán học', 'Kỹ thuật số',
  'Mạch điện tử', 'Sức bền vật liệu', 'Cơ học kết cấu', 'Kinh tế chính trị Mác - Lênin', 'Triết học Mác - Lênin',
  'Tư tưởng Hồ Chí Minh', 'Pháp luật Việt Nam đại cương', 'Anh văn 2', 'Quản trị dự án',
] as const;

// prettier-ignore
export const DOCUMENT_KINDS = [
  'Bài tập lớn', 'Báo cáo thí nghiệm', 'Đề cương ôn tập', 'Slide bài giảng', 'Đề thi giữa kỳ',
  'Đề thi cuối kỳ', 'Báo cáo đồ án', 'Bài tập tuần', 'Tóm tắt lý thuyết', 'Tài liệu tham khảo',
] as const;

/** Extensions with their seed weight (pdf dominates, as at a real counter). */
// prettier-ignore
export const FILE_TYPES: readonly (readonly [string, number])[] = [
  ['pdf', 60], ['docx', 18], ['pptx', 8], ['doc', 3], ['xlsx', 3], ['jpg', 3], ['png', 3], ['txt', 2],
];

// prettier-ignore
export const NOTICE_TEMPLATES = [
  { action: 'Tạm dừng máy in', description: '<p>Máy in <b>{printer}</b> tạm dừng để bảo trì định kỳ.</p>' },
  { action: 'Hết giấy', description: '<p>Máy in <b>{printer}</b> báo hết giấy A4, cần bổ sung.</p>' },
  { action: 'Kẹt giấy', description: '<p>Máy in <b>{printer}</b> bị kẹt giấy ở khay 2.</p>' },
  { action: 'Hết mực', description: '<p>Máy in <b>{printer}</b> sắp hết mực, vui lòng thay hộp mực.</p>' },
  { action: 'Kích hoạt máy in', description: '<p>Máy in <b>{printer}</b> đã hoạt động trở lại.</p>' },
] as const;
