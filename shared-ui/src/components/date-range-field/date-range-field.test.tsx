import { useState } from 'react';
import dayjs from 'dayjs';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ConfigProvider } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { DateRangeField, type DateRangeValue } from './date-range-field';

jest.setTimeout(20_000);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: {
      vi: { [UI_NAMESPACE]: uiLocales.vi },
      en: { [UI_NAMESPACE]: (await uiLocales.en()).default },
    },
  });
});

function Harness({ initial, onChange }: { initial: DateRangeValue; onChange(v: DateRangeValue): void }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigProvider locale={viVN}>
      <DateRangeField
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </ConfigProvider>
  );
}

describe('DateRangeField', () => {
  it('shows two labelled one-month fields with the dates in DD/MM/YYYY', async () => {
    render(<Harness initial={{ start: '2026-03-02', end: '2026-03-20' }} onChange={jest.fn()} />);
    expect(await screen.findByRole('textbox', { name: 'Từ ngày' })).toHaveValue('02/03/2026');
    expect(screen.getByRole('textbox', { name: 'Đến ngày' })).toHaveValue('20/03/2026');
  });

  it('picks a day as YYYY-MM-DD and keeps the other end; the end cannot be before the start', async () => {
    const onChange = jest.fn();
    // The panel opens on the current month: the range starts on its 10th.
    const month = dayjs().format('YYYY-MM');
    render(<Harness initial={{ start: `${month}-10`, end: null }} onChange={onChange} />);
    const to = await screen.findByRole('textbox', { name: 'Đến ngày' });
    fireEvent.mouseDown(to);
    fireEvent.click(to);
    // One month only: the panel that fits a phone.
    const panel = await waitFor(() => {
      const found = document.querySelector('.ant-picker-dropdown');
      if (!found) throw new Error('no panel yet');
      return found;
    });
    expect(panel.querySelectorAll('.ant-picker-date-panel')).toHaveLength(1);
    // The month button is named by the month it shows, not by antd's 'Chọn tháng'.
    const monthButton = panel.querySelector('.ant-picker-month-btn')!;
    expect(monthButton.textContent).not.toBe('');
    expect(monthButton.getAttribute('aria-label') ?? '').toBe('');
    const day = (title: string) => panel.querySelector<HTMLElement>(`td[title="${title}"]`)!;
    expect(day(`${month}-09`)).toHaveClass('ant-picker-cell-disabled');
    expect(day(`${month}-10`)).not.toHaveClass('ant-picker-cell-disabled');
    fireEvent.click(day(`${month}-15`));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        start: `${month}-10`,
        end: `${month}-15`,
      }),
    );
  });
});
