import { lastWorkoutAt, restBannerText, restPeriod } from './restPeriod';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
const daysCompleted = (...lastCompleted: (string | null)[]) => lastCompleted.map((value) => ({ lastCompleted: value }));

describe('restPeriod (fixed now: 2026-11-22 12:00 UTC)', () => {
  it.each([
    ['no day ever completed', daysCompleted(null, null, null), false, 0],
    ['a workout just now', daysCompleted(hoursAgo(0), null, null), true, 48],
    ['30 minutes ago (whole hours elapsed: 0)', daysCompleted(hoursAgo(0.5), null, null), true, 48],
    ['1 hour ago', daysCompleted(hoursAgo(1), null, null), true, 47],
    ['1 h 59 min ago', daysCompleted(hoursAgo(1 + 59 / 60), null, null), true, 47],
    ['47 h 59 min ago', daysCompleted(hoursAgo(47 + 59 / 60), null, null), true, 1],
    ['exactly 48 hours ago', daysCompleted(hoursAgo(48), null, null), false, 0],
    ['three days ago', daysCompleted(hoursAgo(72), null, null), false, 0],
    ['the most recent of several days counts', daysCompleted(hoursAgo(100), hoursAgo(10), hoursAgo(60)), true, 38],
    ['a date slightly in the future counts as now', daysCompleted(new Date(now + 60_000).toISOString()), true, 48],
    ['an unreadable date is ignored', daysCompleted('not a date'), false, 0],
  ])('%s', (_case, days, inRecommendationPeriod, hoursRemaining) => {
    expect(restPeriod(days, now)).toEqual({ inRecommendationPeriod, hoursRemaining });
  });
});

describe('lastWorkoutAt', () => {
  it('is the latest lastCompleted', () => {
    expect(lastWorkoutAt(daysCompleted(hoursAgo(5), null, hoursAgo(2)))).toEqual(new Date(hoursAgo(2)));
  });

  it('is null when nothing was completed', () => {
    expect(lastWorkoutAt(daysCompleted(null))).toBeNull();
  });
});

describe('restBannerText', () => {
  it.each([
    [47, 'Rest period: 47 hours remaining before your next workout is recommended'],
    [1, 'Rest period: 1 hour remaining before your next workout is recommended'],
  ])('%i hours', (hours, text) => {
    expect(restBannerText(hours)).toBe(text);
  });
});
