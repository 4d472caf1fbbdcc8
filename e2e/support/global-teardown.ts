import type { EmbeddedMongo } from '@hit/embedded-mongo';
import type { RunningApp } from './app-server';
import type { MailSink } from './mailSink';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>).__HIT_E2E__ as
    { app: RunningApp; mongo: EmbeddedMongo; mail: MailSink } | undefined;
  if (!started) return;
  await started.app.stop();
  await started.mongo.stop();
  await started.mail.stop();
}
