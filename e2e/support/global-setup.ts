import path from 'node:path';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { resolveChromium } from '../../config/chromium';
import { freePort, freshDataDir, startApp } from './app-server';
import { startMailSink } from './mailSink';
import { publishEnvironment } from './environment';

// The production build must exist: `npm test` builds what is missing before jest starts.
export default async function globalSetup(): Promise<void> {
  const browser = await resolveChromium();
  console.log(`\nBrowser: ${browser.description}`);
  const dataDir = freshDataDir();
  const mongo = await EmbeddedMongo.start({ port: 0, dbPath: path.join(dataDir, 'db') });
  // The password reset e-mails, as files the tests read.
  const mail = await startMailSink(path.join(dataDir, 'mail'));
  // The rest-over alert's push service (support/pushService.ts), started by its test on this port: the one loopback
  // address the app may send pushes to.
  const pushServicePort = await freePort();
  // The mailed links are built on PUBLIC_ORIGIN alone: the address the browser tests open.
  const port = String(await freePort());
  const app = await startApp({
    PUSH_TEST_SERVICE: `127.0.0.1:${pushServicePort}`,
    PORT: port,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    MONGODB_URI: `${mongo.uri}/hit-e2e`,
    DATA_DIR: dataDir,
    // Every browser test signs up from 127.0.0.1.
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
  });
  publishEnvironment({
    baseUrl: app.baseUrl,
    mongoUri: `${mongo.uri}/hit-e2e`,
    browser,
    mailDir: mail.dir,
    pushServicePort,
  });
  (globalThis as Record<string, unknown>).__HIT_E2E__ = { app, mongo, mail };
}
