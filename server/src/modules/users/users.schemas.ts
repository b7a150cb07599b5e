import { Type } from '@sinclair/typebox';

export const UserInformation = Type.Object({
  _id: Type.String(),
  mssv: Type.Union([Type.String(), Type.Null()], { description: 'Mã số sinh viên hoặc mã nhân viên' }),
  firstName: Type.String({ description: 'Tên (given name), e.g. An' }),
  lastName: Type.String({ description: 'Họ và tên đệm, e.g. Nguyễn Văn' }),
  email: Type.String(),
  balance: Type.Integer({ description: 'Số trang A4 còn lại' }),
  major: Type.Union([Type.String(), Type.Null()]),
  classes: Type.Union([Type.String(), Type.Null()]),
  currentA4Price: Type.Integer({ description: 'Giá một trang A4 (VND)' }),
  role: Type.Union([Type.Literal('student'), Type.Literal('staff'), Type.Literal('spso')]),
  mustChangePassword: Type.Boolean({ description: 'Đang dùng mật khẩu tạm thời: phải đổi trước khi dùng tiếp' }),
  location: Type.Union([
    Type.Object({ facility: Type.String(), department: Type.String(), room: Type.String() }),
    Type.Null(),
  ]),
});
