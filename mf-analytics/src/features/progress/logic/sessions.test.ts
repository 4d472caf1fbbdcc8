import { entry, nov } from './fixtures';
import { groupSessions } from './index';

describe('groupSessions: grouping (docs/product-rules.md, "Progress entries and sessions")', () => {
  it('groups by sessionId, whatever the times', () => {
    const sessions = groupSessions([
      entry({ sessionId: 's1', date: nov(2, '10:00:00'), exerciseId: 1 }),
      entry({ sessionId: 's1', date: nov(2, '10:40:00'), exerciseId: 2 }),
      entry({ sessionId: 's2', date: nov(4, '10:00:00'), workoutDayId: 2 }),
    ]);
    expect(sessions.map((s) => [s.key, s.entries.length])).toEqual([
      ['s1', 2],
      ['s2', 1],
    ]);
  });

  it('without sessionId groups by workout day and date truncated to the minute', () => {
    const sessions = groupSessions([
      entry({ date: nov(2, '10:00:05'), exerciseId: 1 }),
      entry({ date: nov(2, '10:00:59'), exerciseId: 2 }),
      entry({ date: nov(2, '10:01:00'), exerciseId: 3 }), // next minute: another session
      entry({ date: nov(2, '10:00:30'), workoutDayId: 2 }), // same minute, other day: another session
    ]);
    expect(sessions.map((s) => [s.key, s.entries.length])).toEqual([
      ['1@2026-11-02T10:00', 2],
      ['2@2026-11-02T10:00', 1],
      ['1@2026-11-02T10:01', 1],
    ]);
  });

  it('keeps working sets only and orders sessions by date', () => {
    const sessions = groupSessions([
      entry({ sessionId: 'late', date: nov(9) }),
      entry({ sessionId: 'early', date: nov(2), setType: 'WORK' }),
      entry({ sessionId: 'warm', date: nov(5), setType: 'warmup' }),
      entry({ sessionId: 'early', date: nov(2, '11:00:00'), setType: 'warmup' }),
    ]);
    expect(sessions.map((s) => s.key)).toEqual(['early', 'late']);
    expect(sessions[0].entries).toHaveLength(1);
    expect(sessions[0].date.toISOString()).toBe(nov(2));
    expect(sessions[0].workoutDayId).toBe(1);
  });

  it('returns nothing for no entries or only warm-ups', () => {
    expect(groupSessions([])).toEqual([]);
    expect(groupSessions([entry({ setType: 'warmup' })])).toEqual([]);
  });
});

describe('groupSessions: cycle numbering (docs/product-rules.md, "Rotation and cycles")', () => {
  const cyclesFor = (dayIds: number[]) =>
    groupSessions(dayIds.map((workoutDayId, i) => entry({ sessionId: `s${i}`, workoutDayId, date: nov(i + 1) }))).map(
      (s) => s.cycle,
    );

  it.each([
    ['a full rotation and a restart', [1, 2, 3, 1, 2, 3, 1], [1, 1, 1, 2, 2, 2, 3]],
    ['a skipped day', [1, 3, 1, 2], [1, 1, 2, 2]],
    ['a restart before finishing (2 -> 1)', [1, 2, 1, 2, 3], [1, 1, 2, 2, 2]],
    ['a repeated day stays in the cycle', [1, 1, 2, 2, 3], [1, 1, 1, 1, 1]],
    ['ids mapped by modulo 10', [11, 12, 13, 11], [1, 1, 1, 2]],
    ['ids whose template day is 1 by default (10, 4, -2)', [2, 10, 3, 4, 2, -2], [1, 2, 2, 3, 3, 4]],
    ['a first session on day 3', [3, 1], [1, 2]],
  ])('%s', (_name, dayIds, expected) => {
    expect(cyclesFor(dayIds)).toEqual(expected);
  });
});

describe('groupSessions: robustness', () => {
  it('drops entries whose date cannot be parsed', () => {
    expect(groupSessions([entry({ date: 'garbage' }), entry({ sessionId: 'ok' })]).map((s) => s.key)).toEqual(['ok']);
  });

  it('reuses the derivation for the same array and recomputes for a new one', () => {
    const entries = [entry({ sessionId: 'a' })];
    expect(groupSessions(entries)).toBe(groupSessions(entries));
    expect(groupSessions([...entries])).not.toBe(groupSessions(entries));
  });

  it('treats an empty sessionId like a missing one', () => {
    expect(groupSessions([entry({ sessionId: '', date: nov(2, '10:00:00') })])[0].key).toBe('1@2026-11-02T10:00');
  });
});
