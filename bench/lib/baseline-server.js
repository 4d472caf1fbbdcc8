// The throughput baseline (docs/architecture.md, "Performance budgets"): a bare Express 5 + express-session +
// connect-mongo app, the same versions the api uses, on the same database. GET /login creates a session (as sign-in
// does); GET /hello reads that session from the store on every request (as every authenticated api request does) and
// answers a tiny JSON. Started as its own process by servers.js: env MONGODB_URI, PORT.
const { requireFromApi } = require('./util');

const express = requireFromApi('express');
const session = requireFromApi('express-session');
const { MongoStore } = requireFromApi('connect-mongo');

const app = express();
app.disable('x-powered-by');
app.use(
  session({
    name: 'hit.sid',
    secret: 'bench-baseline-secret-bench-baseline-secret',
    store: MongoStore.create({
      mongoUrl: process.env.MONGODB_URI,
      collectionName: 'baselinesessions',
      touchAfter: 60 * 60,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: false, maxAge: 30 * 24 * 60 * 60 * 1000 },
  }),
);
app.get('/login', (req, res) => {
  req.session.userId = 'bench-user';
  res.json({ ok: true });
});
app.get('/hello', (req, res) => {
  res.json({ hello: req.session.userId ?? null });
});
app.get('/health', (_req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
