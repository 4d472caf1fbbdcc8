#!/usr/bin/env node
/**
 * Runs the embedded MongoDB server as its own process:
 *   hit-embedded-mongo [--host 127.0.0.1] [--port 27018] [--dbpath .data/db] [--ttl-monitor-sleep-secs 1]
 *                      [--mongo-version 8.0|7.0]
 * Prints `listening mongodb://HOST:PORT` once ready; SIGTERM / SIGINT stop it after flushing the journal.
 */
import { parseArgs } from 'node:util';
import { EmbeddedMongo } from './server';
import type { MongoVersion } from './version';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      dbpath: { type: 'string' },
      'ttl-monitor-sleep-secs': { type: 'string' },
      'mongo-version': { type: 'string' },
    },
  });
  const ttl = values['ttl-monitor-sleep-secs'];
  const server = await EmbeddedMongo.start({
    host: values.host,
    port: values.port === undefined ? undefined : Number(values.port),
    dbPath: values.dbpath,
    ttlMonitorSleepSecs: ttl === undefined ? undefined : Number(ttl),
    // Checked by start(): an unknown version is refused there.
    mongoVersion: values['mongo-version'] as MongoVersion | undefined,
  });
  process.stdout.write(`listening ${server.uri}\n`);
  const shutdown = () => {
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
