import { CONFIG_RETENTION_DEFAULT, systemConfigProblems } from './system-config';

const form = {
  currentBalance: 100,
  startDate1: '2026-09-05',
  startDate2: '2027-01-20',
  currentA4Price: 500,
  currentFileType: ['pdf'],
};

describe('the retention rule of the configuration form', () => {
  it('takes 1 to 720 whole hours, 24 by default', () => {
    expect(CONFIG_RETENTION_DEFAULT).toBe(24);
    for (const hours of [1, 24, 720]) expect(systemConfigProblems({ ...form, retentionHours: hours })).toEqual([]);
  });

  it('refuses a value out of range, not whole, or missing (null or empty, as the form holds an empty field)', () => {
    const problem = (retentionHours: unknown) => systemConfigProblems({ ...form, retentionHours });
    expect(problem(0)).toEqual([{ field: 'retentionHours', code: 'range' }]);
    expect(problem(721)).toEqual([{ field: 'retentionHours', code: 'range' }]);
    expect(problem(1.5)).toEqual([{ field: 'retentionHours', code: 'not-integer' }]);
    expect(problem(null)).toEqual([{ field: 'retentionHours', code: 'required' }]);
    expect(problem('')).toEqual([{ field: 'retentionHours', code: 'required' }]);
  });

  it('leaves a request without the field alone (older clients: the value in force stays)', () => {
    expect(systemConfigProblems(form)).toEqual([]);
  });
});
