import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Issue #21 (memory): an api process loads the Stripe SDK only when Stripe is configured, and nodemailer only with the
 * first e-mail; together they were about 7 MB of every process's memory (15 MB of its peak under load), which the
 * demo checkout and an api without SMTP_URL never use. A fresh Node process loads the app and makes a mailer, then
 * sends one message to a closed port, and lists the packages it has loaded at each step.
 */
const API = path.resolve(__dirname, '..');
const REGISTER_TS = path.join(API, 'test', 'support', 'registerTs.js');

const SCRIPT = `
const loaded = () => [...new Set(Object.keys(require.cache).flatMap((file) => {
  const match = file.match(/node_modules\\/((@[^/]+\\/)?[^/]+)\\//);
  return match ? [match[1]] : [];
}))];
require('./src/app');
const { createMailer } = require('./src/mail');
const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'HIT Tracker <no-reply@example.com>' });
const atStart = loaded();
mailer.send({ to: 'lifter@example.com', subject: 's', text: 't', html: '<p>t</p>' }).catch(() => {
  console.log(JSON.stringify({ atStart, afterMail: loaded() }));
});
`;

it('loads neither the Stripe SDK nor nodemailer when it starts, and nodemailer with the first e-mail', () => {
  const output = execFileSync(process.execPath, ['-r', REGISTER_TS, '-e', SCRIPT], { cwd: API, encoding: 'utf8' });
  const { atStart, afterMail } = JSON.parse(output.trim().split('\n').pop()!) as Record<string, string[]>;
  // The app's own packages are loaded: the check sees what the app requires.
  expect(atStart).toEqual(expect.arrayContaining(['express', 'mongoose', 'express-session', 'passport']));
  expect(atStart).not.toContain('stripe');
  expect(atStart).not.toContain('nodemailer');
  expect(afterMail).toContain('nodemailer');
  expect(afterMail).not.toContain('stripe');
}, 60_000);
