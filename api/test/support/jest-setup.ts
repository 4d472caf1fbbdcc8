// Every api test drives the real app on a real database and hashes real passwords (scrypt); a test that signs up or
// signs in a dozen times takes seconds on a busy 2-core machine, past jest's default 5 s. Set here: jest's
// per-project testTimeout is not honoured when several projects run together.
jest.setTimeout(30_000);
