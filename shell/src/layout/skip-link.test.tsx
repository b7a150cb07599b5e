import { fireEvent, screen } from '@testing-library/react';
import { apiClient, type UserInfo } from 'shared-api';
import { mockApi, resetSession, renderPage } from 'test-support/page-harness';
import { initI18n } from '../i18n';
import { AppLayout } from './app-layout';

jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));
initI18n();

const student: UserInfo = {
  _id: 'me',
  mssv: '2110001',
  firstName: 'An',
  lastName: 'Nguyễn Văn',
  email: 'student@hcmut.edu.vn',
  balance: 10,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'student',
};

afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe("'skip to content'", () => {
  it('is the first thing the keyboard reaches and takes the focus to the page, not to a route', () => {
    resetSession(student);
    mockApi({});
    renderPage('/', '/', <AppLayout items={[]} />);
    const skip = screen.getByRole('link', { name: 'Bỏ qua, đến nội dung chính' });
    const focusable = document.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    const before = window.location.hash;
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe(before);
  });
});
