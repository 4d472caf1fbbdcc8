import express, { type Request, type RequestHandler } from 'express';
import compression from 'compression';
import type { Connection, Types } from 'mongoose';
import type { MongoClient } from 'mongodb';
import type Stripe from 'stripe';
import type { Config } from './config';
import { errorHandler, notFound } from './errors';
import {
  apiSecurityHeaders,
  assetSecurityHeaders,
  isAssetRequest,
  noStore,
  refuseCrossOrigin,
  securityHeaders,
} from './security';
import { sessionJoins, sessionMiddleware } from './session';
import { remoteFiles, shellFiles } from './static';
import { compressJsonAnswers } from './http/compressJson';
import { pageRenderer, readOwnApi } from './pages';
import { recordActivity } from './auth/activity';
import { createPassport } from './auth/passport';
import { deviceCookies } from './auth/deviceCookie';
import { loadSessionSecret } from './sessionSecret';
import { keepSignedInHint } from './auth/signedInHint';
import { databaseOf } from './auth/sessionUser';
import { orderedWriter } from './orderedWrites';
import { authRateLimits, passwordRateLimits, RATE_LIMITS, type RateLimitSettings } from './auth/rateLimits';
import { createMailer } from './mail';
import { accountRateLimits } from './auth/accountLimits';
import { createModels } from './models';
import { BillingService } from './services/billing';
import { createProgressService } from './services/progress';
import { createSessionService } from './services/sessions';
import { createSyncService } from './services/sync';
import { createWorkoutService } from './services/workouts';
import { createGoalService } from './services/goals';
import { createExportService } from './services/export';
import { createImportService } from './services/import';
import { createWeightUnitService } from './services/weightUnit';
import { authRouter } from './routes/auth';
import { billingRouter } from './routes/billing';
import { healthRouter } from './routes/health';
import { progressRouter } from './routes/progress';
import { remoteMaps, remotesRouter } from './routes/remotes';
import { autosaveJoin, sessionsRouter } from './routes/sessions';
import { stripeWebhookRouter } from './routes/stripeWebhook';
import { syncRouter } from './routes/sync';
import { daysReadJoin, workoutsRouter } from './routes/workouts';
import { goalsRouter } from './routes/goals';
import { userRouter } from './routes/user';
import { accountRouter } from './routes/account';
import { createPasswordService } from './services/passwords';
import { passwordsRouter } from './routes/passwords';
import { importRouter, isImportRequest } from './routes/import';
import { pushRouter } from './routes/push';
import { createPushService } from './services/push';
import { startPushSender, type PushSender, type PushSenderOptions } from './services/pushSender';
import { loadVapidKeys, type VapidKeys } from './vapid';

export interface AppDeps {
  config: Config;
  /** mongoose connection the models are registered on. */
  connection: Connection;
  /** The same connection's driver client (`connection.getClient()`), shared with the session store. */
  mongoClient: MongoClient;
  /** Folder holding `shell/dist` and `<remote>/dist/<version>` (default: `config.staticRoot`). */
  staticRoot?: string;
  /** A Stripe client to use instead of one built from STRIPE_SECRET_KEY (tests point it at a local server). */
  stripe?: Stripe;
  /** Sign-in and sign-up limits (default: RATE_LIMITS with the configured sign-ups per hour). */
  rateLimits?: RateLimitSettings;
  /**
   * The VAPID keys (server.ts reads them at start); without them they are read, or made outside production, from
   * the configuration when first needed.
   */
  vapidKeys?: VapidKeys;
}

export const JSON_BODY_LIMIT = '100kb';

/** The whole HTTP app, without listening: server.ts runs it, tests drive it with supertest. */
export function createApp({
  config,
  connection,
  mongoClient,
  staticRoot = config.staticRoot,
  rateLimits = { ...RATE_LIMITS, registrationsPerIp: config.registrationsPerIpPerHour },
  stripe,
  vapidKeys,
}: AppDeps) {
  const models = createModels(connection);
  const db = databaseOf(connection);
  const passport = createPassport(models.User, db);
  // Writes to several collections in one command where the database has MongoDB 8.0's bulkWrite (orderedWrites.ts).
  const writer = orderedWriter(db);
  const progress = createProgressService({ ...models, writer });
  const workouts = createWorkoutService({ ...models, progress, writer });
  const sessions = createSessionService({ ...models, workouts, progress, writer });
  const sync = createSyncService({ ...models, workouts, sessions, writer });
  const billing = new BillingService({ config, models, stripe });
  const goals = createGoalService(models);
  const imports = createImportService({ ...models, progress });
  const weightUnits = createWeightUnitService(models);
  // Resolved once, before any cookie is signed or checked (sessionSecret.ts).
  const signing = { sessionSecret: loadSessionSecret(config).secret, isProduction: config.isProduction };
  let vapid = vapidKeys;
  const vapidOnce = () => (vapid ??= loadVapidKeys(config.push));
  const push = createPushService({ ...models, config, vapid: vapidOnce });
  const app = express();
  app.disable('x-powered-by');
  // Honour X-Forwarded-* only from the proxies TRUST_PROXY names (default: none, the peer is the client).
  app.set('trust proxy', config.trustProxy);
  const pageHeaders = securityHeaders(config);
  // One session middleware and one remote map for /api and the pages' HTML (pages.ts), which carries the map.
  const loginSessions = sessionMiddleware({
    config: signing,
    mongoClient,
    dbName: connection.name,
    joinFor: sessionJoins(autosaveJoin(sessions), daysReadJoin(workouts)),
  });
  const maps = remoteMaps({ config, staticRoot, Release: models.Release });
  app.use(compression());
  app.use('/api', apiSecurityHeaders(), apiRouter());
  const assetHeaders = assetSecurityHeaders();
  app.use((req, res, next) => (isAssetRequest(req.path) ? assetHeaders : pageHeaders)(req, res, next));

  /**
   * Everything under /api, on one router mounted once: each request walks one list of layers, the routes a workout
   * calls many times a minute (the days, the session's autosave, progress, sync) first after the user is known.
   */
  function apiRouter() {
    const api = express.Router();
    // Before the webhook and every router: cache policy and the Origin check (which lets the webhook through), and
    // JSON answers gzipped in one call (compression() leaves them alone then).
    api.use(noStore, refuseCrossOrigin(config), compressJsonAnswers());
    // Before the session: it must answer even when the session store (the database) is down.
    api.use(healthRouter({ mongoClient }));
    // The Stripe webhook needs the raw body: it mounts above express.json().
    api.use(stripeWebhookRouter({ config, billing, models }));
    // The import routes read their own larger bodies once the user is known (routes/import.ts).
    api.use(
      express.json({
        limit: JSON_BODY_LIMIT,
        type: (req) => !isImportRequest(req as Request) && Boolean((req as Request).is('application/json')),
      }),
    );
    // The "signed in" hint follows the session cookie (auth/signedInHint.ts): mounted first, it sees that cookie set.
    api.use(keepSignedInHint(config));
    api.use(loginSessions);
    api.use(remotesRouter({ maps }));
    // compat: false, as passport documents: no `req._passport` per request, which only passport 0.4's strategies read.
    api.use(passport.initialize({ compat: false }), passport.session(), recordActivity(models.User));
    api.use(
      workoutsRouter({ workouts, weightUnits }),
      sessionsRouter({ sessions, weightUnits }),
      progressRouter({ progress }),
    );
    api.use(syncRouter({ sync, workouts, sessions, weightUnits }));
    api.use(pushRouter({ push, counters: models.RateLimitCounter }));
    // The device cookie of the sign-in limits (issue #23): issued by the sign-in routes, read by the limits.
    const devices = deviceCookies(signing);
    const limits = authRateLimits(models.RateLimitCounter, devices, rateLimits);
    const onUserCreated = (user: { _id: Types.ObjectId }) => workouts.seedProgram(user._id);
    api.use(authRouter({ config, db, passport, User: models.User, onUserCreated, limits, devices }));
    const passwords = createPasswordService({
      ...models,
      connection,
      mailer: createMailer(config),
      config,
      mailIntervalMs: rateLimits.passwordResetMailIntervalMs,
    });
    const passwordLimits = passwordRateLimits(models.RateLimitCounter, rateLimits);
    api.use(passwordsRouter({ config, db, passwords, limits: passwordLimits, devices }));
    api.use(goalsRouter({ goals, User: models.User }), userRouter({ weightUnits }));
    const accountLimits = accountRateLimits(models.RateLimitCounter);
    const exports = createExportService(models);
    api.use(accountRouter({ config, connection, exports, billing, limits: accountLimits }));
    api.use(importRouter({ imports, counters: models.RateLimitCounter }));
    api.use(billingRouter({ config, billing, pageHeaders }));
    api.use(notFound);
    return api;
  }

  app.use('/remotes', remoteFiles(staticRoot), notFound);
  // A page loads the session too (for its preloads), so the "signed in" hint rolls with its cookie as on /api.
  const signedInHint = keepSignedInHint(config);
  const pageSessions: RequestHandler = (req, res, next) => signedInHint(req, res, () => loginSessions(req, res, next));
  app.use(shellFiles(staticRoot, pageRenderer({ staticRoot, sessions: pageSessions, maps, readApi: readOwnApi })));
  app.use(notFound);
  app.use(errorHandler);
  /**
   * The sender of the scheduled rest-over alerts (services/pushSender.ts): server.ts starts it once listening and
   * stops it on shutdown; tests start and stop it themselves.
   */
  const startSender = (options?: PushSenderOptions): PushSender =>
    startPushSender({ ...models, config, vapid: vapidOnce, onScheduled: push.onScheduled }, options);
  return Object.assign(app, { push: { service: push, startSender } });
}

export type App = ReturnType<typeof createApp>;
