import type { UserSubscription } from '../src/models/user';
import { addOneMonth } from '../src/billing/demoProvider';
import {
  DEMO_PLAN_NAME,
  escapeHtml,
  renderDemoCheckoutNotice,
  renderDemoCheckoutPage,
  TEST_MODE_NOTICE,
} from '../src/billing/demoCheckoutPage';
import type { ProviderSubscription } from '../src/billing/provider';
import {
  periodEndOf,
  productStatusOf,
  toProviderSubscription,
  type StripeSubscriptionLike,
} from '../src/billing/stripeProvider';
import { shouldReplaceSubscription } from '../src/services/billing';

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Math.floor(at(iso).getTime() / 1000);

describe('Stripe subscription mapping', () => {
  const base: StripeSubscriptionLike = {
    id: 'sub_1',
    status: 'active',
    customer: 'cus_1',
    cancel_at_period_end: false,
  };

  it.each([
    ['active', false, 'active'],
    ['trialing', false, 'active'],
    ['past_due', false, 'past_due'],
    ['unpaid', false, 'past_due'],
    ['active', true, 'cancelled'],
    ['trialing', true, 'cancelled'],
    ['past_due', true, 'cancelled'],
    ['canceled', false, 'ended'],
    ['canceled', true, 'ended'],
    ['incomplete_expired', false, 'ended'],
    ['paused', false, 'ended'],
    ['incomplete', false, null],
    ['something_new', false, null],
  ])('maps status %s (cancel at period end: %s) to %s', (status, cancelAtPeriodEnd, expected) => {
    expect(productStatusOf({ ...base, status, cancel_at_period_end: cancelAtPeriodEnd })).toBe(expected);
  });

  it('treats a scheduled cancellation date as cancelled, ending then', () => {
    const subscription = { ...base, cancel_at: unix('2026-08-01T00:00:00Z') };
    expect(productStatusOf(subscription)).toBe('cancelled');
    expect(periodEndOf(subscription)).toEqual(at('2026-08-01T00:00:00Z'));
  });

  it('reads the period end from the items (Stripe API 2025 and later)', () => {
    const subscription = {
      ...base,
      items: {
        data: [
          { current_period_end: unix('2026-07-01T00:00:00Z') },
          { current_period_end: unix('2026-07-03T00:00:00Z') },
        ],
      },
    };
    expect(periodEndOf(subscription)).toEqual(at('2026-07-03T00:00:00Z'));
  });

  it('reads the period end from the subscription itself (older Stripe API versions)', () => {
    expect(periodEndOf({ ...base, current_period_end: unix('2026-07-01T00:00:00Z') })).toEqual(
      at('2026-07-01T00:00:00Z'),
    );
  });

  it('has no period end when Stripe gives none', () => {
    expect(periodEndOf({ ...base, items: { data: [] } })).toBeNull();
  });

  it('keeps the customer id whether the customer is expanded or not', () => {
    expect(toProviderSubscription({ ...base, customer: { id: 'cus_9' } })).toMatchObject({ customerId: 'cus_9' });
    expect(toProviderSubscription({ ...base, status: 'incomplete' })).toBeNull();
  });
});

describe('shouldReplaceSubscription (webhook ordering)', () => {
  const NOW = at('2026-06-15T12:00:00Z');
  const stored = (fields: Partial<UserSubscription>): UserSubscription => ({
    status: 'active',
    periodEnd: at('2026-07-01T00:00:00Z'),
    provider: 'stripe',
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    syncedAt: at('2026-06-15T10:00:00Z'),
    ...fields,
  });
  const incoming = (fields: Partial<ProviderSubscription>): ProviderSubscription => ({
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    status: 'cancelled',
    periodEnd: at('2026-07-01T00:00:00Z'),
    ...fields,
  });
  const decide = (s: UserSubscription, i: ProviderSubscription, time: string) =>
    shouldReplaceSubscription(s, i, 'stripe', at(time), NOW);

  it('applies newer news, and news at the same second', () => {
    expect(decide(stored({}), incoming({}), '2026-06-15T10:00:01Z')).toBe(true);
    expect(decide(stored({}), incoming({}), '2026-06-15T10:00:00Z')).toBe(true);
  });

  it('ignores news older than what is stored', () => {
    expect(decide(stored({}), incoming({}), '2026-06-15T09:59:59Z')).toBe(false);
  });

  it('applies anything to a user with no stored state', () => {
    expect(
      decide(stored({ syncedAt: null, status: null, subscriptionId: null }), incoming({}), '2020-01-01T00:00:00Z'),
    ).toBe(true);
  });

  it('never brings an ended subscription back', () => {
    expect(decide(stored({ status: 'ended' }), incoming({ status: 'active' }), '2026-06-15T11:00:00Z')).toBe(false);
    expect(decide(stored({ status: 'ended' }), incoming({ status: 'ended' }), '2026-06-15T11:00:00Z')).toBe(true);
  });

  it('does not let another subscription ending hide the one still running', () => {
    const oldOneEnded = incoming({ subscriptionId: 'sub_old', status: 'ended' });
    expect(decide(stored({}), oldOneEnded, '2026-06-15T11:00:00Z')).toBe(false);
    // A new running subscription does replace the stored one.
    const newRunning = incoming({ subscriptionId: 'sub_2', status: 'active' });
    expect(decide(stored({ status: 'ended' }), newRunning, '2026-06-15T11:00:00Z')).toBe(true);
    // And once the stored one is over, news of another is taken.
    const over = stored({ status: 'cancelled', periodEnd: at('2026-06-01T00:00:00Z') });
    expect(decide(over, oldOneEnded, '2026-06-15T11:00:00Z')).toBe(true);
  });
});

describe('addOneMonth', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['2026-12-31T23:59:59.000Z', '2027-01-31T23:59:59.000Z'],
    ['2026-03-31T00:00:00.000Z', '2026-04-30T00:00:00.000Z'],
  ])('%s -> %s', (from, to) => {
    expect(addOneMonth(at(from)).toISOString()).toBe(to);
  });
});

describe('demo checkout page', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('shows the plan, the test-mode label, a confirm form and a cancel link, with no script', () => {
    const html = renderDemoCheckoutPage({
      billingEmail: 'a"b<c>@example.com',
      confirmAction: '/api/subscription/demo-checkout/tok"en/confirm',
      cancelHref: '/home?checkout=cancelled',
    });
    expect(html).toContain(TEST_MODE_NOTICE);
    expect(html).toContain(DEMO_PLAN_NAME);
    expect(html).toContain('<form method="post" action="/api/subscription/demo-checkout/tok&quot;en/confirm">');
    expect(html).toContain('<a class="link" href="/home?checkout=cancelled">Cancel</a>');
    expect(html).toContain('a&quot;b&lt;c&gt;@example.com');
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  it('renders refusal pages escaped, with a way back', () => {
    const html = renderDemoCheckoutNotice({
      title: 'T<i>',
      text: 'x & y',
      linkHref: '/home',
      linkText: 'Back to Home',
    });
    expect(html).toContain('<h1>T&lt;i&gt;</h1>');
    expect(html).toContain('x &amp; y');
    expect(html).toContain('href="/home"');
  });
});
