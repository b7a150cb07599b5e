import { render } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import { portalTheme, withVisibleNames } from './index';

describe('the portal theme', () => {
  it('placeholders and the focus ring are readable: solid colours, not antd faint defaults', () => {
    expect(portalTheme.token?.colorTextPlaceholder).toBe('#6b6b6b');
    expect(portalTheme.token?.controlOutline).toBe('#1a4d9c');
    expect(portalTheme.token?.controlOutlineWidth).toBe(2);
  });

  it("the date picker's month and year buttons are named by what they show", async () => {
    const locale = withVisibleNames(viVN);
    expect(locale.DatePicker?.lang.monthSelect).toBeUndefined();
    expect(locale.DatePicker?.lang.yearSelect).toBeUndefined();
    // the rest of the locale stays, and antd's own object is not changed
    expect(locale.DatePicker?.lang.locale).toBe(viVN.DatePicker?.lang.locale);
    expect(viVN.DatePicker?.lang.monthSelect).toBe('Chọn tháng');

    render(
      <ConfigProvider locale={locale}>
        <DatePicker open getPopupContainer={(node) => node.parentElement ?? document.body} />
      </ConfigProvider>,
    );
    const month = await new Promise<HTMLElement>((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        const found = document.querySelector<HTMLElement>('.ant-picker-month-btn');
        if (found) resolve(found);
        else if (Date.now() - started > 5_000) reject(new Error('no month button'));
        else setTimeout(look, 20);
      };
      look();
    });
    expect(month.getAttribute('aria-label')).toBeNull();
    expect(month.textContent).not.toBe('');
  });
});
