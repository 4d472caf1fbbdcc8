import { gunzipSync } from 'node:zlib';
import { ProgressCache } from '../src/services/progressCache';

const read = (body: Buffer) => JSON.parse(gunzipSync(body).toString());

describe('ProgressCache', () => {
  let clock = 0;
  const now = () => clock;

  beforeEach(() => {
    clock = 0;
  });

  it('loads once per version and serves the gzipped JSON while the version is unchanged', async () => {
    const cache = new ProgressCache(1024 * 1024, 60_000, now);
    const load = jest.fn(async () => [{ weight: 100 }]);
    expect(read(await cache.body('u1', 3, load))).toEqual([{ weight: 100 }]);
    expect(read(await cache.body('u1', 3, load))).toEqual([{ weight: 100 }]);
    expect(load).toHaveBeenCalledTimes(1);

    load.mockResolvedValueOnce([{ weight: 105 }]);
    expect(read(await cache.body('u1', 4, load))).toEqual([{ weight: 105 }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('serves a body only for the variant it was built from, and loads each variant of a version once', async () => {
    const cache = new ProgressCache(1024 * 1024, 60_000, now);
    const load = jest.fn(async (target: number) => [{ target }]);
    expect(read(await cache.body('u1', 3, () => load(100), 'goal 100'))).toEqual([{ target: 100 }]);
    expect(read(await cache.body('u1', 3, () => load(90), 'goal 90'))).toEqual([{ target: 90 }]);
    expect(read(await cache.body('u1', 3, () => load(90), 'goal 90'))).toEqual([{ target: 90 }]);
    expect(load).toHaveBeenCalledTimes(2);
    // Two variants at once: each request gets its own, never the other's.
    const [first, second] = await Promise.all([
      cache.body('u1', 4, () => load(100), 'goal 100'),
      cache.body('u1', 4, () => load(90), 'goal 90'),
    ]);
    expect([read(first), read(second)]).toEqual([[{ target: 100 }], [{ target: 90 }]]);
  });

  it('shares one load between concurrent requests', async () => {
    const cache = new ProgressCache(1024 * 1024, 60_000, now);
    const load = jest.fn(async () => [1, 2, 3]);
    const bodies = await Promise.all([cache.body('u1', 1, load), cache.body('u1', 1, load), cache.body('u1', 1, load)]);
    expect(bodies.map(read)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads after the time to live', async () => {
    const cache = new ProgressCache(1024 * 1024, 60_000, now);
    const load = jest.fn(async () => []);
    await cache.body('u1', 1, load);
    clock = 59_999;
    await cache.body('u1', 1, load);
    clock = 60_000;
    await cache.body('u1', 1, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never replaces a newer answer by a slower load of an older version', async () => {
    const cache = new ProgressCache(1024 * 1024, 60_000, now);
    let finishOld: (value: unknown) => void = () => undefined;
    const old = cache.body('u1', 1, () => new Promise((resolve) => (finishOld = resolve)));
    await cache.body('u1', 2, async () => ['new']);
    finishOld(['old']);
    await old;
    const load = jest.fn(async () => ['reloaded']);
    expect(read(await cache.body('u1', 2, load))).toEqual(['new']);
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps at most its byte budget, dropping the least recently used answers', async () => {
    const big = Array.from({ length: 2000 }, (_, i) => ({ i, r: Math.random() }));
    const one = (await new ProgressCache().body('probe', 0, async () => big)).length;
    const cache = new ProgressCache(one * 2 + 10, 60_000, now);
    await cache.body('a', 0, async () => big);
    await cache.body('b', 0, async () => big);
    await cache.body('a', 0, async () => big); // a is now the most recently used
    await cache.body('c', 0, async () => big);
    expect(cache.size.entries).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(one * 2 + 10);
    const load = jest.fn(async () => big);
    await cache.body('a', 0, load);
    expect(load).not.toHaveBeenCalled();
    await cache.body('b', 0, load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
