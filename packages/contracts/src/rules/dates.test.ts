import { formatDate, formatDateWithWeekday, formatDay } from './dates';

describe('dates as the screens show them', () => {
  // Instants at midday UTC: the same local day from UTC-11 to UTC+11, wherever the tests run.
  it('reads an instant as its day, with or without the weekday', () => {
    expect(formatDate('2026-11-20T12:00:00.000Z')).toBe('Nov 20, 2026');
    expect(formatDateWithWeekday('2026-11-20T12:00:00.000Z')).toBe('Fri, Nov 20, 2026');
    expect(formatDateWithWeekday('2026-03-01T12:00:00.000Z')).toBe('Sun, Mar 1, 2026');
  });

  it('reads a calendar day as that day', () => {
    expect(formatDay('2026-03-03')).toBe('Mar 3, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('answers nothing for what is no date, and a bad calendar day as written', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDateWithWeekday('')).toBe('');
    expect(formatDay('someday')).toBe('someday');
  });
});
