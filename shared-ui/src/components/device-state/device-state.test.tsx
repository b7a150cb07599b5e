import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { DeviceState, PrinterDevice } from 'shared-api';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { DeviceStateTag, deviceReasonTexts, isDeviceAvailable, reasonKeyword } from './device-state';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: { vi: { [UI_NAMESPACE]: uiLocales.vi }, en: { [UI_NAMESPACE]: (await uiLocales.en()).default } },
  });
});

const device = (state: DeviceState, reasons: string[] = []): PrinterDevice => ({
  state,
  reasons,
  checkedAt: '2026-05-02T03:04:05.000Z',
});

describe('DeviceStateTag', () => {
  it('draws nothing for a simulated printer', () => {
    const { container } = render(<DeviceStateTag device={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['idle', 'Sẵn sàng', 'green'],
    ['processing', 'Đang in', 'blue'],
    ['stopped', 'Đang dừng', 'orange'],
    ['offline', 'Mất kết nối', 'red'],
  ] as const)('%s shows %s in %s, with no reason line when there is none', (state, text, color) => {
    const { container } = render(<DeviceStateTag device={device(state)} />);
    const tag = screen.getByText(text);
    expect(tag).toHaveClass(`ant-tag-${color}`);
    expect(container.querySelector('[data-device-state]')).toHaveAttribute('data-device-state', state);
    expect(screen.queryByTestId('device-reasons')).not.toBeInTheDocument();
  });

  it.each([
    ['idle', ['toner-low-warning'], 'Sắp hết mực'],
    ['processing', ['media-low-report', 'marker-supply-low-warning'], 'Sắp hết giấy, Sắp hết mực hoặc vật tư in'],
    ['stopped', ['media-empty-error', 'media-jam-error', 'door-open-error'], 'Hết giấy, Kẹt giấy, Cửa máy in đang mở'],
    ['offline', ['offline-report', 'cover-open-error'], 'Nắp máy in đang mở'],
  ] as const)('%s with %j reads "%s" under the tag', (state, reasons, text) => {
    render(<DeviceStateTag device={device(state, [...reasons])} />);
    expect(screen.getByTestId('device-reasons')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('says nothing twice: an offline device reporting offline-report has no reason line', () => {
    render(<DeviceStateTag device={device('offline', ['offline-report'])} />);
    expect(screen.getAllByText('Mất kết nối')).toHaveLength(1);
    expect(screen.queryByTestId('device-reasons')).not.toBeInTheDocument();
  });

  it("shows an unknown keyword as the device sent it, and a device's text never as HTML", () => {
    const { container } = render(
      <DeviceStateTag device={device('stopped', ['spool-area-full', '<img src=x onerror=alert(1)>-error'])} />,
    );
    expect(screen.getByTestId('device-reasons')).toHaveTextContent(
      'spool-area-full, <img src=x onerror=alert(1)>-error',
    );
    expect(container.querySelector('img')).toBeNull();
  });

  it('reads English too', async () => {
    await act(() => i18next.changeLanguage('en'));
    try {
      render(<DeviceStateTag device={device('stopped', ['media-jam-error', 'cover-open-warning'])} />);
      expect(screen.getByText('Stopped')).toBeInTheDocument();
      expect(screen.getByTestId('device-reasons')).toHaveTextContent('Paper jam, The cover is open');
    } finally {
      await act(() => i18next.changeLanguage('vi'));
    }
  });
});

describe('device reasons and availability', () => {
  const t = i18next.getFixedT('vi', UI_NAMESPACE);

  it('strips the severity suffix, drops "none" and says each text once', () => {
    expect(reasonKeyword('toner-empty-error')).toBe('toner-empty');
    expect(reasonKeyword('paused')).toBe('paused');
    expect(deviceReasonTexts(['none', 'media-empty-error', 'media-empty-report', 'other', 'paused'], t)).toEqual([
      'Hết giấy',
      'Lỗi khác',
      'Máy in đang tạm dừng',
    ]);
    // a keyword with a known word inside it is still unknown
    expect(deviceReasonTexts(['toString', 'media-empty-extra'], t)).toEqual(['toString', 'media-empty-extra']);
  });

  it('a simulated, idle or printing device takes jobs; a stopped or offline one does not', () => {
    expect(isDeviceAvailable(null)).toBe(true);
    expect(isDeviceAvailable(device('idle', ['toner-low-warning']))).toBe(true);
    expect(isDeviceAvailable(device('processing'))).toBe(true);
    expect(isDeviceAvailable(device('stopped'))).toBe(false);
    expect(isDeviceAvailable(device('offline'))).toBe(false);
  });
});
