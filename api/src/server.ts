import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, type Database } from './db';
import { logger } from './logger';
import { loadSessionSecret } from './sessionSecret';
import type { PushSender } from './services/pushSender';
import { loadVapidKeys, type VapidKeys } from './vapid';

/** In-flight requests get this long to finish on shutdown before their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function listen(app: ReturnType<typeof createApp>, config: Config): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(config.port, config.host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

function closeServer(server: Server): Promise<void> {
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  return new Promise((resolve) => {
    // close() stops accepting, ends idle keep-alive connections and waits for in-flight requests.
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
  });
}

function stopOnSignals(server: Server, sender: PushSender, database: Database): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    try {
      await closeServer(server);
      // The alerts being sent finish; the scheduled ones stay in the database for the next process.
      await sender.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error('unclean shutdown', { error });
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function readVapidKeys(config: Config): VapidKeys {
  const keys = loadVapidKeys(config.push);
  if (keys.source === 'generated') {
    logger.info(`push: a VAPID key pair was made for this data folder (${config.push.vapidKeysFile})`);
  } else if (keys.source === 'file') {
    logger.info(`push: VAPID keys from ${config.push.vapidKeysFile}`);
  }
  return keys;
}

/** Read (or, on a first start outside production, made) before the database: a bad secret file stops the start. */
function readSessionSecret(config: Config): Config {
  const { secret, source } = loadSessionSecret(config);
  if (source === 'generated') {
    logger.info(`sessions: a secret was made for this data folder (${config.sessionSecretFile})`);
  } else if (source === 'file') {
    logger.info(`sessions: secret from ${config.sessionSecretFile}`);
  }
  return { ...config, sessionSecret: secret };
}

async function main(): Promise<void> {
  const config = readSessionSecret(readConfig());
  for (const warning of config.warnings) logger.warn(warning);

  // Read (or, on a first start outside production, made) before anything else: a bad key file stops the start.
  const vapidKeys = readVapidKeys(config);

  const database = await connectDatabase(config);
  logger.info(`database: ${database.description}`);

  const app = createApp({ config, connection: database.connection, mongoClient: database.mongoClient, vapidKeys });
  let server: Server;
  try {
    server = await listen(app, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const sender = app.push.startSender();
  stopOnSignals(server, sender, database);
  // The bound port, which differs from config.port when that is 0 (any free port).
  console.log(`HIT Tracker listening on http://localhost:${(server.address() as AddressInfo).port}`);
}

main().catch((error: unknown) => {
  // A plain line for whoever started the process (the JSON log is silent under NODE_ENV=test).
  console.error(`HIT Tracker failed to start: ${error instanceof Error ? error.message : String(error)}`);
  logger.error('start-up failed', { error });
  process.exit(1);
});
