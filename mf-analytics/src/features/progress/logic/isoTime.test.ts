import { parseIsoTime } from './isoTime';

describe('parseIsoTime agrees with Date.parse', () => {
  it.each([
    '2026-11-22T08:15:30.123Z',
    '2026-11-22T08:15:30Z',
    '2026-11-22T08:15:30.1Z',
    '2026-11-22T08:15:30.123456Z', // more than ms precision: truncated like Date.parse
    '2026-11-22T09:15:30+01:00',
    '2026-11-22T02:45:30.500-05:30',
    '2024-02-29T23:59:59.999Z',
    '1999-12-31T00:00:00.000+14:00',
    // Outside the fast shape: handled by the fallback.
    '2026-11-22T08:15Z',
    '2026-11-22',
    '2026-13-22T08:15:30Z',
    '2026-11-22T08:15:30',
    'not a date',
    '',
  ])('%p', (iso) => {
    expect(parseIsoTime(iso)).toEqual(Date.parse(iso));
  });
});
