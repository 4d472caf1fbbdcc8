import type { EmbeddedMongo } from '@hit/embedded-mongo';
import type { RunningApp } from './app-server';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>).__HIT_E2E__ as
    { app: RunningApp; mongo: EmbeddedMongo } | undefined;
  if (!started) return;
  await started.app.stop();
  await started.mongo.stop();
}
