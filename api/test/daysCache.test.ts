import { Types } from 'mongoose';
import { DaysCache, daysLabel } from '../src/services/daysCache';

const rotation = { cycleCount: 2, nextRecommendedDay: 3 };
const ids = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
const days = (revs: number[]) => ids.map((_id, index) => ({ _id, rev: revs[index] }));

describe('daysLabel', () => {
  it('names the same documents at the same revisions alike, in any order', () => {
    expect(daysLabel(days([1, 2, 3]), rotation)).toBe(daysLabel(days([1, 2, 3]).reverse(), rotation));
    // A document no update has touched has no revision yet: 0.
    expect(daysLabel(days([0, 0, 0]), rotation)).toBe(
      daysLabel(
        ids.map((_id) => ({ _id })),
        rotation,
      ),
    );
  });

  it('changes with any revision, any document and the rotation', () => {
    const label = daysLabel(days([1, 2, 3]), rotation);
    expect(daysLabel(days([1, 2, 4]), rotation)).not.toBe(label);
    // A day re-created (a new _id) at the same revision, or one gone.
    expect(daysLabel([{ _id: new Types.ObjectId(), rev: 1 }, ...days([1, 2, 3]).slice(1)], rotation)).not.toBe(label);
    expect(daysLabel(days([1, 2, 3]).slice(1), rotation)).not.toBe(label);
    expect(daysLabel(days([1, 2, 3]), { ...rotation, nextRecommendedDay: 1 })).not.toBe(label);
    expect(daysLabel(days([1, 2, 3]), { ...rotation, cycleCount: 3 })).not.toBe(label);
  });
});

describe('DaysCache', () => {
  it('answers a kept body only under the label it was stored with', () => {
    const cache = new DaysCache();
    expect(cache.has('u1')).toBe(false);
    cache.store('u1', 'label-1', '[1]');
    expect(cache.has('u1')).toBe(true);
    expect(cache.body('u1', 'label-1')).toBe('[1]');
    expect(cache.body('u1', 'label-2')).toBeUndefined();
    expect(cache.body('u2', 'label-1')).toBeUndefined();
    cache.store('u1', 'label-2', '[2]');
    expect(cache.body('u1', 'label-1')).toBeUndefined();
    expect(cache.body('u1', 'label-2')).toBe('[2]');
    expect(cache.size).toEqual({ entries: 1, chars: 3 });
  });

  it('forgets a body after its time to live', () => {
    let now = 1_000;
    const cache = new DaysCache(1024, 60_000, () => now);
    cache.store('u1', 'label', '[1]');
    now += 59_999;
    expect(cache.body('u1', 'label')).toBe('[1]');
    now += 1;
    expect(cache.body('u1', 'label')).toBeUndefined();
    expect(cache.has('u1')).toBe(false);
    expect(cache.size).toEqual({ entries: 0, chars: 0 });
  });

  it('keeps at most its size, dropping the least recently used first', () => {
    const cache = new DaysCache(10);
    cache.store('a', 'l', '1234');
    cache.store('b', 'l', '1234');
    expect(cache.body('a', 'l')).toBe('1234'); // a is now the most recently used
    cache.store('c', 'l', '1234');
    expect(cache.has('b')).toBe(false);
    expect(cache.body('a', 'l')).toBe('1234');
    expect(cache.body('c', 'l')).toBe('1234');
    expect(cache.size).toEqual({ entries: 2, chars: 8 });
    // A body larger than the whole cache is not kept.
    cache.store('d', 'l', '12345678901');
    expect(cache.has('d')).toBe(false);
  });
});
