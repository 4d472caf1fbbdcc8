import { gunzipSync } from 'node:zlib';
import { Types } from 'mongoose';
import express from 'express';
import request from 'supertest';
import { DaysCache, daysAnswer, daysLabel } from '../src/services/daysCache';

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

describe('daysAnswer', () => {
  it("is the JSON's bytes with a weak tag of them, as Express would make for the same body", async () => {
    const json = JSON.stringify([{ name: 'Day 1 – Chest & Back' }]);
    const answer = daysAnswer(json);
    expect(answer.body.toString()).toBe(json);
    const app = express().get('/', (_req, res) => res.json(JSON.parse(json)));
    const made = await request(app).get('/').expect(200);
    expect(answer.etag).toBe(made.headers.etag);
    expect(daysAnswer(`${json} `).etag).not.toBe(answer.etag);
  });
});

describe('daysAnswer of a body of 1 KB or more', () => {
  it('keeps it gzipped too, and the cache counts both', () => {
    const json = JSON.stringify(Array.from({ length: 40 }, (_, id) => ({ id, name: 'Incline Press', sets: [] })));
    const answer = daysAnswer(json);
    expect(answer.gzipped && gunzipSync(answer.gzipped).toString()).toBe(json);
    expect(daysAnswer('[1]').gzipped).toBeNull();
    const cache = new DaysCache();
    cache.store('u1', 'label', answer);
    expect(cache.size).toEqual({ entries: 1, bytes: answer.body.length + (answer.gzipped?.length ?? 0) });
  });
});

describe('DaysCache', () => {
  const answer = (json: string) => daysAnswer(json);

  it('answers a kept body only under the label it was stored with', () => {
    const cache = new DaysCache();
    expect(cache.has('u1')).toBe(false);
    const first = answer('[1]');
    cache.store('u1', 'label-1', first);
    expect(cache.has('u1')).toBe(true);
    expect(cache.answer('u1', 'label-1')).toBe(first);
    expect(cache.answer('u1', 'label-2')).toBeUndefined();
    expect(cache.answer('u2', 'label-1')).toBeUndefined();
    const second = answer('[2]');
    cache.store('u1', 'label-2', second);
    expect(cache.answer('u1', 'label-1')).toBeUndefined();
    expect(cache.answer('u1', 'label-2')).toBe(second);
    expect(cache.size).toEqual({ entries: 1, bytes: 3 });
  });

  it('forgets a body after its time to live', () => {
    let now = 1_000;
    const cache = new DaysCache(1024, 60_000, () => now);
    const kept = answer('[1]');
    cache.store('u1', 'label', kept);
    now += 59_999;
    expect(cache.answer('u1', 'label')).toBe(kept);
    now += 1;
    expect(cache.answer('u1', 'label')).toBeUndefined();
    expect(cache.has('u1')).toBe(false);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps at most its size in bytes, dropping the least recently used first', () => {
    const cache = new DaysCache(10);
    cache.store('a', 'l', answer('"é1"'));
    cache.store('b', 'l', answer('1234'));
    expect(cache.answer('a', 'l')).toBeDefined(); // a is now the most recently used
    cache.store('c', 'l', answer('1234'));
    expect(cache.has('b')).toBe(false);
    expect(cache.answer('a', 'l')?.body.toString()).toBe('"é1"');
    expect(cache.answer('c', 'l')?.body.toString()).toBe('1234');
    // 'é' is two bytes.
    expect(cache.size).toEqual({ entries: 2, bytes: 9 });
    // A body larger than the whole cache is not kept.
    cache.store('d', 'l', answer('12345678901'));
    expect(cache.has('d')).toBe(false);
  });
});
