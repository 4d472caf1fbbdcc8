import express from 'express';
import compression from 'compression';
import type { Connection } from 'mongoose';
import type { MongoClient } from 'mongodb';
import type { Config } from './config';
import { errorHandler, notFound } from './errors';
import { REPO_ROOT } from './paths';
import { healthRouter } from './routes/health';
import { remotesRouter } from './routes/remotes';
import { authRouter } from './routes/auth';
import { recordActivity } from './auth/activity';
import { createPassport } from './auth/passport';
import { createModels } from './models';
import { securityHeaders } from './security';
import { sessionMiddleware } from './session';
import { remoteFiles, shellFiles } from './static';

export interface AppDeps {
  config: Config;
  /** mongoose connection the models are registered on. */
  connection: Connection;
  /** The same connection's driver client (`connection.getClient()`), shared with the session store. */
  mongoClient: MongoClient;
  /** Folder holding `shell/dist` and `<remote>/dist/<version>`; the repository root unless a test says otherwise. */
  staticRoot?: string;
}

export const JSON_BODY_LIMIT = '100kb';

/** The whole HTTP app, without listening: server.ts runs it, tests drive it with supertest. */
export function createApp({ config, connection, mongoClient, staticRoot = REPO_ROOT }: AppDeps) {
  const models = createModels(connection);
  const passport = createPassport(models.User);
  const app = express();
  // Honour X-Forwarded-* only from proxies on private networks (load balancer, ingress), never from the internet.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(securityHeaders(config));
  app.use(compression());

  // Before the session: it must answer even when the session store (the database) is down.
  app.use('/api', healthRouter({ mongoClient }));

  // The Stripe webhook needs the raw body: it mounts above this line.
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }));
  app.use('/api', sessionMiddleware({ config, mongoClient, dbName: connection.name }));
  app.use('/api', remotesRouter({ config, staticRoot }));
  app.use('/api', passport.initialize(), passport.session(), recordActivity(models.User));
  app.use('/api', authRouter({ config, passport, User: models.User, onUserCreated: async () => undefined }));
  // Feature routers (workouts, progress, billing) mount here, each from routes/<feature>.ts.
  app.use('/api', notFound);

  app.use('/remotes', remoteFiles(staticRoot), notFound);
  app.use(shellFiles(staticRoot));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
