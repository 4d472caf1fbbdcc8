// A journey drives a real browser against a real server; jest's per-project testTimeout is not honoured when
// several projects run together, so the e2e time limit is set here.
jest.setTimeout(90_000);
