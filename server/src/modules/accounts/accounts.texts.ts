/** What the accounts module says (Vietnamese: the server's messages are shown as they are). */
export const ACCOUNT_TEXTS = {
  listed: 'Lấy danh sách tài khoản thành công',
  created: 'Đã tạo tài khoản. Hãy gửi mật khẩu tạm thời cho người dùng: nó chỉ hiện một lần.',
  disabled: 'Đã vô hiệu hóa tài khoản; mọi phiên đăng nhập của tài khoản đã kết thúc',
  enabled: 'Đã kích hoạt lại tài khoản',
  passwordReset: 'Đã cấp mật khẩu tạm thời mới: nó chỉ hiện một lần',
  nothingToChange: 'Hãy chọn vô hiệu hóa, kích hoạt hoặc cấp lại mật khẩu',
  notFound: 'Không tìm thấy tài khoản',
  notYourself: 'Bạn không thể tự vô hiệu hóa tài khoản của mình',
  emailInvalid: 'E-mail không hợp lệ',
  firstNameRequired: 'Tên là bắt buộc',
  lastNameRequired: 'Họ và tên đệm là bắt buộc',
  facilityOnlyStaff: 'Chỉ nhân viên mới có cơ sở làm việc',
  importChecked: 'Đã kiểm tra tệp: chưa ghi gì',
  importRefused: 'Tệp có dòng sai: chưa ghi gì. Hãy sửa các dòng được nêu rồi tải lên lại.',
  importApplied: 'Đã nhập danh sách sinh viên',
  importChangedMeanwhile: 'Danh sách tài khoản vừa thay đổi trong lúc nhập: chưa ghi gì, hãy chạy thử lại',
  importNeedsFile: 'Hãy chọn tệp CSV danh sách sinh viên (trường "file")',
  importTooLarge: (megabytes: number) => `Tệp quá lớn: tối đa ${megabytes} MB`,
  importNotUtf8: 'Tệp không phải UTF-8: hãy lưu lại dưới dạng "CSV UTF-8"',
};

/** The student import's reasons for a wrong line. */
export const IMPORT_TEXTS = {
  malformedCsv: 'Dòng CSV không đọc được (dấu ngoặc kép không đóng?)',
  empty: 'Tệp trống',
  noStudents: 'Tệp chỉ có dòng tiêu đề, không có sinh viên nào',
  missingColumns: (columns: readonly string[]) =>
    `Dòng tiêu đề thiếu cột: ${columns.join(', ')} (cần mssv, email, lastName, firstName; major, classes nếu có)`,
  tooManyRows: (max: number) => `Tệp có quá nhiều dòng: tối đa ${max.toLocaleString('vi-VN')} sinh viên một lần`,
  mssvRequired: 'Thiếu mã số sinh viên (mssv)',
  mssvInvalid: (mssv: string) => `Mã số sinh viên "${mssv}" không hợp lệ (4 đến 20 chữ và số)`,
  emailRequired: 'Thiếu e-mail',
  emailInvalid: (email: string) => `E-mail "${email}" không hợp lệ`,
  emailOutsideSchool: (email: string, domains: readonly string[]) =>
    `E-mail "${email}" không thuộc tên miền của trường (${domains.join(', ')})`,
  lastNameRequired: 'Thiếu họ và tên đệm (lastName)',
  firstNameRequired: 'Thiếu tên (firstName)',
  duplicateMssv: (mssv: string, line: number) => `Mã số sinh viên ${mssv} trùng với dòng ${line}`,
  duplicateEmail: (email: string, line: number) => `E-mail ${email} trùng với dòng ${line}`,
  codeNotStudent: (mssv: string) => `Mã số ${mssv} thuộc một tài khoản không phải sinh viên`,
  emailOfAnother: (email: string, owner: string | null) =>
    owner ? `E-mail ${email} đã thuộc sinh viên mã số ${owner}` : `E-mail ${email} đã thuộc một tài khoản khác`,
};
