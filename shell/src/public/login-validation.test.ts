import vi from '../i18n/locales/vi.json';
import { validateLogin } from './login-validation';

describe('validateLogin', () => {
  it('both fields empty: both messages, account name first', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual(['login.emailRequired', 'login.passwordRequired']);
  });

  it('only the account name missing', () => {
    expect(validateLogin({ email: '', password: 'secret' })).toEqual(['login.emailRequired']);
  });

  it('only the password missing', () => {
    expect(validateLogin({ email: 'an@hcmut.edu.vn', password: '' })).toEqual(['login.passwordRequired']);
  });

  it('an account name of blanks counts as missing', () => {
    expect(validateLogin({ email: '   ', password: 'secret' })).toEqual(['login.emailRequired']);
  });

  it('both present: no message', () => {
    expect(validateLogin({ email: 'an@hcmut.edu.vn', password: 'secret' })).toEqual([]);
  });

  it("the keys carry the spec's Vietnamese messages", () => {
    expect(vi.login.emailRequired).toBe('Tên tài khoản là bắt buộc');
    expect(vi.login.passwordRequired).toBe('Mật khẩu là bắt buộc');
  });
});
