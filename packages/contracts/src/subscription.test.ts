import { cancelResponseSchema, checkoutBodySchema, checkoutResultSchema, syncResponseSchema } from './subscription';

describe('subscription contracts', () => {
  it('normalises an optional billing e-mail and refuses anything else', () => {
    expect(checkoutBodySchema.parse({})).toEqual({});
    expect(checkoutBodySchema.parse({ billingEmail: ' Pay@Example.COM ' })).toEqual({
      billingEmail: 'pay@example.com',
    });
    expect(checkoutBodySchema.safeParse({ billingEmail: 'pay@' }).success).toBe(false);
    expect(checkoutBodySchema.safeParse({ billingEmail: 'pay@example.com', priceId: 'price_free' }).success).toBe(
      false,
    );
  });

  it('answers sync and cancel with their value or an error field', () => {
    expect(syncResponseSchema.parse({ subscriptionId: 'sub_1' })).toEqual({ subscriptionId: 'sub_1' });
    expect(syncResponseSchema.parse({ error: 'No active subscription found' })).toHaveProperty('error');
    expect(cancelResponseSchema.parse({ periodEnd: '2026-07-01T00:00:00.000Z' })).toHaveProperty('periodEnd');
    // Without a known period end the client says 'the current billing period'.
    expect(cancelResponseSchema.parse({ periodEnd: null })).toEqual({ periodEnd: null });
  });

  it('names the two ways back from checkout', () => {
    expect(checkoutResultSchema.options).toEqual(['success', 'cancelled']);
  });
});
