import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { displayedPrintStatus, PrintStatusTag } from './print-status-tag';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: { vi: { [UI_NAMESPACE]: uiLocales.vi }, en: { [UI_NAMESPACE]: (await uiLocales.en()).default } },
  });
});

describe('PrintStatusTag', () => {
  it.each([
    ['Queued', 'Đang đợi', 'Queued'],
    ['InProgress', 'Đang in', 'InProgress'],
    ['Completed', 'Đã in', 'Completed'],
    ['Failed', 'Đã hủy', 'Failed'],
    ['Held', 'Chờ nhận tại máy in', 'Held'],
    ['Expired', 'Hết hạn', 'Expired'],
    ['Cancelled', 'Đã hủy', 'Failed'],
    [null, 'Đã hủy', 'Failed'],
  ])('%s shows %s', (status, text, shown) => {
    render(<PrintStatusTag status={status} />);
    expect(screen.getByText(text)).toHaveAttribute('data-status', shown);
  });

  it('Held and Expired have colours of their own, not the cancelled red', () => {
    render(<PrintStatusTag status="Held" />);
    render(<PrintStatusTag status="Expired" />);
    expect(screen.getByText('Chờ nhận tại máy in').className).toMatch(/ant-tag-blue/);
    expect(screen.getByText('Hết hạn').className).toMatch(/ant-tag-volcano/);
  });

  it('an unknown status (even an Object.prototype name) renders as cancelled', () => {
    expect(displayedPrintStatus('toString')).toBe('Failed');
    expect(displayedPrintStatus('Queued')).toBe('Queued');
  });
});
