import { Router } from 'express';

/**
 * GET /api/user answers 401 to anonymous visitors (the shell's cue to treat them as signed out).
 * Nobody can sign in until the auth routes (passport-local) arrive; they replace this router.
 */
export function userRouter(): Router {
  const router = Router();
  router.get('/user', (_req, res) => {
    res.status(401).json({ message: 'Not authenticated' });
  });
  return router;
}
