import { Router } from 'express';
import type { MongoClient } from 'mongodb';
import type { Health } from '@hit/contracts';

/** A ping, not readyState: readyState stays "connected" for a while after the server has gone. */
export const PING_TIMEOUT_MS = 1500;

async function databaseIsUp(client: MongoClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const ping = client
    .db('admin')
    .command({ ping: 1 })
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRouter({ mongoClient }: { mongoClient: MongoClient }): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await databaseIsUp(mongoClient);
    const body: Health = up ? { status: 'ok', database: 'up' } : { status: 'degraded', database: 'down' };
    res
      .set('Cache-Control', 'no-store')
      .status(up ? 200 : 503)
      .json(body);
  });
  return router;
}
