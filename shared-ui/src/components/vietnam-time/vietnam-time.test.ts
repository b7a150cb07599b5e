import { formatVietnamDateTime, toVietnamTime } from './vietnam-time';

describe('toVietnamTime', () => {
  it.each([
    ['2024-05-01T03:04:05.000Z', '2024-05-01', '10:04:05'],
    ['2024-05-01T18:30:00Z', '2024-05-02', '01:30:00'],
    ['2023-12-31T17:00:00.000Z', '2024-01-01', '00:00:00'],
  ])('%s → %s %s', (iso, date, time) => {
    expect(toVietnamTime(iso)).toEqual({ date, time });
    expect(formatVietnamDateTime(iso)).toBe(`${date} ${time}`);
  });

  it('gives empty texts for no value or an unreadable one', () => {
    expect(toVietnamTime(null)).toEqual({ date: '', time: '' });
    expect(formatVietnamDateTime('not a date')).toBe('');
  });
});
