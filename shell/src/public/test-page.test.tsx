import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, initI18n } from '../i18n';
import TestPage from './test-page';

initI18n();

afterEach(async () => {
  await act(() => changeLanguage('vi'));
});

describe('/Test', () => {
  it("the modal's own buttons speak the page's language: Vietnamese, then English", async () => {
    await act(() => changeLanguage('vi'));
    const user = userEvent.setup();
    render(<TestPage />);
    await user.click(screen.getByRole('button', { name: 'Mở hộp thoại' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Đồng ý' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));

    await act(() => changeLanguage('en'));
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });
});
