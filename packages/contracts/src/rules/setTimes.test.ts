import { SET_TIME_IN_FUTURE_MESSAGE, SET_TIME_TOO_EARLY_MESSAGE, setTimeProblem } from './setTimes';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const MINUTE = 60_000;

describe('setTimeProblem (docs/product-rules.md, "Set times")', () => {
  it.each([
    ['now', at(0)],
    ['an hour ago', at(-60 * MINUTE)],
    ['five minutes ahead (a phone clock a little fast)', at(5 * MINUTE)],
    ['the first instant of 2000', new Date('2000-01-01T00:00:00.000Z')],
  ])('takes %s', (_case, time) => {
    expect(setTimeProblem(time, NOW)).toBeNull();
  });

  it.each([
    ['five minutes and a millisecond ahead', at(5 * MINUTE + 1), SET_TIME_IN_FUTURE_MESSAGE],
    ['a day ahead', at(24 * 60 * MINUTE), SET_TIME_IN_FUTURE_MESSAGE],
    ['the year 2999', new Date('2999-01-01T00:00:00.000Z'), SET_TIME_IN_FUTURE_MESSAGE],
    ['the last instant of 1999', new Date('1999-12-31T23:59:59.999Z'), SET_TIME_TOO_EARLY_MESSAGE],
    ['a clock reset to 1970', new Date(0), SET_TIME_TOO_EARLY_MESSAGE],
    ['the year 1', new Date('0001-01-01T00:00:00.000Z'), SET_TIME_TOO_EARLY_MESSAGE],
  ])('refuses %s', (_case, time, message) => {
    expect(setTimeProblem(time, NOW)).toBe(message);
  });

  it('says what is wrong in words a client can show', () => {
    expect(SET_TIME_IN_FUTURE_MESSAGE).toBe(
      "must not be in the future (more than 5 minutes ahead of the server's clock)",
    );
    expect(SET_TIME_TOO_EARLY_MESSAGE).toBe('must not be before 2000-01-01');
  });
});
