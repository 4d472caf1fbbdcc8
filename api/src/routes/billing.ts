import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  checkoutBodySchema,
  type CancelResponse,
  type CheckoutResponse,
  type SubscriptionStatus,
  type SyncResponse,
} from '@hit/contracts';
import type { Config } from '../config';
import { currentUser, requireUser } from '../auth/currentUser';
import { parseOr400 } from '../http/validate';
import { DEMO_CHECKOUT_PATH, DEMO_CHECKOUT_ROUTE } from '../billing/demoProvider';
import { renderDemoCheckoutNotice, renderDemoCheckoutPage } from '../billing/demoCheckoutPage';
import { checkoutReturnPath } from '../billing/provider';
import type { BillingService, DemoCheckoutRefusal } from '../services/billing';

interface BillingRouterDeps {
  config: Pick<Config, 'publicOrigin' | 'trialDays'>;
  billing: BillingService;
  /** The page headers (security.ts, securityHeaders) for the demo checkout's HTML pages. */
  pageHeaders: RequestHandler;
}

/** The origin the browser sees: PUBLIC_ORIGIN when configured, else the request's Origin header, else its host. */
export function browserOrigin(req: Request, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  const header = req.get('origin');
  if (header) {
    try {
      const url = new URL(header);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // Not a URL ("null" from a sandboxed page): fall back to the host.
    }
  }
  return `${req.protocol}://${req.get('host')}`;
}

export const LINK_NOT_VALID = {
  title: 'This checkout link is not valid',
  text:
    'It has expired, was already used, was replaced by newer checkout links or belongs to another account. ' +
    'Start the upgrade again from your dashboard.',
  linkHref: '/home',
  linkText: 'Back to Home',
};
export const ALREADY_PREMIUM = {
  title: 'You already have Premium',
  text: 'Your Premium subscription is already active, so this checkout link no longer works.',
  linkHref: '/home',
  linkText: 'Back to Home',
};
const SIGN_IN_FIRST = {
  title: 'Sign in to continue',
  text: 'Your session has ended. Sign in, then start the upgrade again from your dashboard.',
  linkHref: '/auth',
  linkText: 'Sign in',
};

/** The demo checkout pages are opened by the browser itself, so even their refusals are pages, not JSON. */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/** A refused demo checkout link: 404 for a link that is not valid, 409 once the user is already Premium. */
function sendRefusal(res: Response, refusal: DemoCheckoutRefusal): void {
  if (refusal === 'already-premium') sendPage(res, 409, renderDemoCheckoutNotice(ALREADY_PREMIUM));
  else sendPage(res, 404, renderDemoCheckoutNotice(LINK_NOT_VALID));
}

/** GET /api/subscription/status, create-checkout, sync, cancel and the demo provider's checkout page. */
export function billingRouter({ config, billing, pageHeaders }: BillingRouterDeps): Router {
  const router = Router();

  // Open without premium access (the upgrade must stay reachable), but only to a signed-in user.
  router.get('/subscription/status', requireUser, (req, res) => {
    // The configured trial length goes with it, so the trial-expired prompt names it rather than a fixed 30 days.
    const status = { ...billing.statusOf(currentUser(req)), trialDays: config.trialDays };
    res.json(status satisfies SubscriptionStatus);
  });

  router.post('/subscription/create-checkout', requireUser, async (req, res) => {
    const user = currentUser(req);
    const { billingEmail } = parseOr400(checkoutBodySchema, req.body ?? {});
    const answer = await billing.startCheckout(user, billingEmail, browserOrigin(req, config.publicOrigin));
    res.json(answer satisfies CheckoutResponse);
  });

  router.post('/subscription/sync', requireUser, async (req, res) => {
    res.json((await billing.sync(currentUser(req))) satisfies SyncResponse);
  });

  router.post('/subscription/cancel', requireUser, async (req, res) => {
    res.json((await billing.cancel(currentUser(req))) satisfies CancelResponse);
  });

  if (billing.provider.name === 'demo') {
    router.get(`${DEMO_CHECKOUT_ROUTE}/:token`, pageHeaders, async (req, res) => {
      if (!req.user) return sendPage(res, 401, renderDemoCheckoutNotice(SIGN_IN_FIRST));
      const token = String(req.params.token);
      const state = await billing.demoCheckoutPage(req.user, token);
      if (state.kind !== 'pending') return sendRefusal(res, state.kind);
      sendPage(
        res,
        200,
        renderDemoCheckoutPage({
          billingEmail: state.billingEmail,
          confirmAction: `${DEMO_CHECKOUT_PATH}/${encodeURIComponent(token)}/confirm`,
          cancelHref: checkoutReturnPath('cancelled'),
        }),
      );
    });

    // A plain form post: the session cookie (SameSite=Lax) plus a single-use token bound to this user.
    router.post(`${DEMO_CHECKOUT_ROUTE}/:token/confirm`, pageHeaders, async (req, res) => {
      if (!req.user) return sendPage(res, 401, renderDemoCheckoutNotice(SIGN_IN_FIRST));
      const outcome = await billing.confirmDemoCheckout(req.user, String(req.params.token));
      if (outcome !== 'confirmed') return sendRefusal(res, outcome);
      res.redirect(303, checkoutReturnPath('success'));
    });
  }

  return router;
}
