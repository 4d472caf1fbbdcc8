import { takeOpenedPages } from './browser';

// A journey drives a real browser against a real server; jest's per-project testTimeout is not honoured when
// several projects run together, so the e2e time limit is set here.
jest.setTimeout(90_000);

// Console and network hygiene: every page a test opened must have seen no uncaught error, console error or
// warning and no failed request beyond the ones the test declared with `watched.allow(...)`.
afterEach(() => {
  const unexpected = takeOpenedPages().flatMap((watched) => watched.unexpected());
  expect(unexpected).toEqual([]);
});
