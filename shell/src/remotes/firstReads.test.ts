import { FIRST_READS_WAIT_MS, firstReadsSettled, setFirstReads } from './firstReads';

describe('firstReadsSettled', () => {
  afterEach(() => {
    jest.useRealTimers();
    setFirstReads(Promise.resolve());
  });

  it('settles as soon as the first reads have', async () => {
    let readsIn!: () => void;
    setFirstReads(new Promise<void>((resolve) => (readsIn = resolve)));
    let settled = false;
    const waiting = firstReadsSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    readsIn();
    await waiting;
    expect(settled).toBe(true);
  });

  it(`gives up on reads still out after ${FIRST_READS_WAIT_MS} ms: a slow api never holds the screen back longer`, async () => {
    jest.useFakeTimers();
    setFirstReads(new Promise<void>(() => undefined));
    let settled = false;
    const waiting = firstReadsSettled().then(() => (settled = true));

    await jest.advanceTimersByTimeAsync(FIRST_READS_WAIT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(settled).toBe(true);
  });

  it('is settled at once when nothing was asked (no preloads: the offline copy, an anonymous visitor)', async () => {
    jest.useFakeTimers();
    await expect(firstReadsSettled()).resolves.toBeUndefined();
  });
});
