import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { locationText } from './location-text';
import { DEFAULT_PRINTER_ROOM_FILTERS, printerRoomQuery } from './printer-room-filters';
import { printerRules } from './printer-rules';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: { vi: { [UI_NAMESPACE]: uiLocales.vi }, en: { [UI_NAMESPACE]: (await uiLocales.en()).default } },
  });
});

const t = i18next.getFixedT('vi', UI_NAMESPACE);

describe('printerRoomQuery', () => {
  it('sends only the filters that are set, sortDirection always', () => {
    expect(printerRoomQuery(DEFAULT_PRINTER_ROOM_FILTERS)).toEqual({ sortDirection: '1' });
    expect(printerRoomQuery({ searchField: '  b1 ', status: 0, facility: 'CS1', sortDirection: -1 })).toEqual({
      searchField: 'b1',
      status: '0',
      facility: 'CS1',
      sortDirection: '-1',
    });
  });
});

describe('locationText', () => {
  it("reads 'Cơ sở 1 · B1 · 109', an unknown facility as stored", () => {
    expect(locationText({ facility: 'CS1', department: 'B1', room: '109' }, t)).toBe('Cơ sở 1 · B1 · 109');
    expect(locationText({ facility: 'CS9', department: 'X', room: '1' }, t)).toBe('CS9 · X · 1');
  });
});

describe('printerRules', () => {
  /** The messages a field's rules give for `value` ([] = valid), checked the way antd's Form does. */
  async function problems(field: 'printerId' | 'brand' | 'description' | 'location' | 'deviceUri', value: unknown) {
    const errors: string[] = [];
    for (const rule of printerRules(t)[field]) {
      if (typeof rule === 'function') continue;
      if (rule.validator) {
        await Promise.resolve(rule.validator(rule, value, () => undefined)).catch((e: Error) => errors.push(e.message));
        continue;
      }
      const text = typeof value === 'string' ? value : '';
      // As antd's validator: an empty value meets every rule but 'required'.
      if (!text.trim()) {
        if (rule.required) errors.push(String(rule.message));
      } else if (rule.required) continue;
      else if (rule.pattern && !rule.pattern.test(text)) errors.push(String(rule.message));
      else if (rule.max !== undefined && text.length > rule.max) errors.push(String(rule.message));
    }
    return errors;
  }

  it('takes the server’s printer id pattern and length limits', async () => {
    expect(await problems('printerId', 'P-01')).toEqual([]);
    expect(await problems('printerId', 'P 1')).toEqual(["Mã máy in gồm 2 đến 20 ký tự: chữ cái, chữ số hoặc dấu '-'"]);
    expect(await problems('printerId', 'P'.repeat(21))).toHaveLength(1);
    expect(await problems('printerId', '')).toEqual(['Vui lòng nhập mã máy in']);
    expect(await problems('brand', 'x'.repeat(100))).toEqual([]);
    expect(await problems('brand', 'x'.repeat(101))).toEqual(['Tối đa 100 ký tự']);
    expect(await problems('description', 'x'.repeat(1001))).toEqual(['Tối đa 1000 ký tự']);
  });

  it('wants every part of the location, from the one location list', async () => {
    expect(await problems('location', { facility: 'CS1', department: 'B1', room: '101' })).toEqual([]);
    expect(await problems('location', {})).toEqual(['Vui lòng chọn cơ sở']);
    expect(await problems('location', { facility: 'CS2', department: 'B1', room: '101' })).toEqual([
      'Vui lòng chọn tòa',
    ]);
    expect(await problems('location', { facility: 'CS1', department: 'B1', room: '999' })).toEqual([
      'Vui lòng chọn phòng',
    ]);
  });

  it('takes no device address (a simulated printer) or an ipp:// or ipps:// one with a host, as the server', async () => {
    const wrong = [
      'Địa chỉ thiết bị phải bắt đầu bằng ipp:// hoặc ipps://, tiếp theo là tên máy hoặc địa chỉ IP (tối đa 300 ký tự), ví dụ ipp://192.168.1.20:631/ipp/print',
    ];
    for (const empty of [undefined, '', '   ']) expect(await problems('deviceUri', empty)).toEqual([]);
    expect(await problems('deviceUri', 'ipp://192.168.1.20:631/ipp/print')).toEqual([]);
    expect(await problems('deviceUri', ' ipps://printer.hcmut.edu.vn/ipp/print ')).toEqual([]);
    expect(await problems('deviceUri', 'http://192.168.1.20:631/ipp/print')).toEqual(wrong);
    expect(await problems('deviceUri', 'ipp://')).toEqual(wrong);
    expect(await problems('deviceUri', '192.168.1.20')).toEqual(wrong);
    expect(await problems('deviceUri', `ipp://h/${'x'.repeat(300)}`)).toEqual(wrong);
  });
});
