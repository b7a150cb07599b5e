import type { Page } from 'playwright-core';

/** The login screen, as a person uses it. */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly url: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.url}/#/Login`);
    await this.page.getByLabel('Tên tài khoản').waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Tên tài khoản').fill(email);
    await this.page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Đăng nhập' }).click();
  }

  errorBox() {
    return this.page.getByRole('alert');
  }
}
