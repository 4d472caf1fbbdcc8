import { offlineStatusText } from './offlineStatusText';

const now = new Date(2026, 10, 23, 18, 5);

describe('offlineStatusText', () => {
  it.each([
    [
      'data from today: the time',
      new Date(2026, 10, 23, 14, 32).getTime(),
      "You're offline. Showing your data from 14:32.",
    ],
    [
      'data from an earlier day: the day and time',
      new Date(2026, 10, 20, 9, 5).getTime(),
      "You're offline. Showing your data from 20 Nov, 9:05.",
    ],
    ['no data at all', undefined, "You're offline. Your data will load when HIT Tracker can reach its server again."],
  ])('%s', (_case, lastUpdatedAt, expected) => {
    expect(offlineStatusText(lastUpdatedAt, now, 'en-GB')).toBe(expected);
  });

  it("writes the time in the reader's locale", () => {
    expect(offlineStatusText(new Date(2026, 10, 23, 14, 32).getTime(), now, 'en-US')).toBe(
      "You're offline. Showing your data from 2:32 PM.",
    );
  });
});
