/**
 * The read path at a realistic size: one user's 30,000 sets read back sorted by date, with and without an
 * inclusion projection (the benchmark itself is test/bench/read30k.ts). The bounds are deliberately generous so
 * a busy machine does not fail them; the printed figures are what to look at. Under jest the driver's own BSON
 * decoding is several times slower than under plain node (its per-byte global lookups go through the vm
 * context), so the tight bound is on the raw read: the server and the transport, documents left undecoded.
 * Before the read path was reworked, that took 2 s and more here, and the decoded reads 3.5 to 4 s.
 */
import { benchRead30k, formatResult } from './bench/read30k';
import { startTarget, type Target } from './target';

let target: Target;

beforeAll(async () => {
  target = await startTarget('read30k');
});

afterAll(async () => {
  await target.stop();
});

test('30k documents are read back sorted quickly, with or without projection', async () => {
  const result = await benchRead30k(target.uri, target.dbName);
  console.log(formatResult(result));
  expect(result.rawMedian).toBeLessThan(1000);
  expect(result.plainMedian).toBeLessThan(3000);
  expect(result.projectedMedian).toBeLessThan(3000);
}, 120_000);
