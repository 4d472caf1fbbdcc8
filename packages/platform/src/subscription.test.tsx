import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { goToExternalPage } from './browserLocation';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import {
  checkoutErrorMessage,
  SUBSCRIPTION_STATUS_STALE_TIME_MS,
  useAccess,
  useCheckout,
  useSubscriptionStatus,
} from './subscription';
import { dismissToast, useToast } from './toast';
import { ApiError } from './apiClient';
import { answer, mockFetch } from '@hit/platform/test/apiMock';

jest.mock('./browserLocation');
const goToExternalPageMock = jest.mocked(goToExternalPage);

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: null, lastName: null, weightUnit: 'lbs' as const };
const trialStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2026-12-22T10:00:00.000Z',
  canAccessFeatures: true,
};

function renderWithClient<T>(useHook: () => T, user: unknown = lifter) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ hook: useHook(), toast: useToast().current }), { wrapper });
  return { result, queryClient };
}

afterEach(() => act(() => dismissToast()));

describe('useSubscriptionStatus', () => {
  it('loads GET /api/subscription/status and keeps it fresh for 5 minutes', async () => {
    const fetchMock = mockFetch(answer(200, trialStatus));
    const { result, queryClient } = renderWithClient(() => useSubscriptionStatus());

    await waitFor(() => expect(result.current.hook.data).toEqual(trialStatus));
    expect(fetchMock).toHaveBeenCalledWith('/api/subscription/status', expect.objectContaining({ method: 'GET' }));
    expect(SUBSCRIPTION_STATUS_STALE_TIME_MS).toBe(300_000);
    const query = queryClient.getQueryCache().find({ queryKey: queryKeys.subscriptionStatus });
    expect(query?.isStale()).toBe(false);
  });
});

describe('useAccess', () => {
  it('is loading, without access, until the status arrives', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    const { result } = renderWithClient(() => useAccess());

    expect(result.current.hook).toEqual({ isLoading: true, canAccessFeatures: false });
  });

  it.each([
    ['a running trial', { ...trialStatus }, true],
    [
      'an expired trial without a subscription',
      { ...trialStatus, trialExpired: true, canAccessFeatures: false },
      false,
    ],
    [
      'an active subscription after the trial',
      { ...trialStatus, trialExpired: true, hasActiveSubscription: true },
      true,
    ],
  ])('follows canAccessFeatures for %s', async (_case, status, expected) => {
    mockFetch(answer(200, status));
    const { result } = renderWithClient(() => useAccess());

    await waitFor(() => expect(result.current.hook.isLoading).toBe(false));
    expect(result.current.hook.canAccessFeatures).toBe(expected);
  });

  it('lets the user try when the status cannot be loaded (the server still refuses with 402)', async () => {
    mockFetch(answer(503, { message: 'Database unavailable' }));
    const { result } = renderWithClient(() => useAccess());

    await waitFor(() => expect(result.current.hook.isLoading).toBe(false));
    expect(result.current.hook.canAccessFeatures).toBe(true);
  });
});

describe('useCheckout', () => {
  const checkout = { checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1', message: 'Checkout session created' };

  it("posts the user's e-mail as billingEmail, refreshes the status and goes to the checkout page", async () => {
    const fetchMock = mockFetch(answer(200, checkout), answer(200, trialStatus));
    const { result, queryClient } = renderWithClient(() => useCheckout());
    queryClient.setQueryData(queryKeys.subscriptionStatus, trialStatus);

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(goToExternalPageMock).toHaveBeenCalledWith(checkout.checkoutUrl));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subscription/create-checkout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ billingEmail: 'lifter@gym.test' }) }),
    );
    expect(queryClient.getQueryState(queryKeys.subscriptionStatus)?.isInvalidated).toBe(true);
  });

  it('posts an empty object without a known e-mail', async () => {
    const fetchMock = mockFetch(answer(200, checkout));
    const { result } = renderWithClient(() => useCheckout(), null);

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(goToExternalPageMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{}');
  });

  it('treats an answer without checkoutUrl as an error and says so', async () => {
    mockFetch(answer(200, { message: 'Checkout session created' }));
    const { result } = renderWithClient(() => useCheckout());

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(result.current.hook.isError).toBe(true));
    expect(result.current.hook.error?.message).toBe('Failed to create checkout session');
    expect(goToExternalPageMock).not.toHaveBeenCalled();
    expect(result.current.toast).toMatchObject({
      title: 'Unable to Process Payment',
      description: 'Failed to create checkout session',
      variant: 'destructive',
    });
  });

  it("shows the server's message when the payment provider fails", async () => {
    mockFetch(answer(502, { message: 'The payment provider did not answer' }));
    const { result } = renderWithClient(() => useCheckout());

    act(() => result.current.hook.mutate());

    await waitFor(() => expect(result.current.toast?.title).toBe('Unable to Process Payment'));
    expect(result.current.toast?.description).toBe('The payment provider did not answer');
  });

  it('falls back to the generic sentence when the network is down', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderWithClient(() => useCheckout());

    act(() => result.current.hook.mutate());

    await waitFor(() =>
      expect(result.current.toast?.description).toBe(
        'Payment processing is currently unavailable. Please try again later or contact support.',
      ),
    );
  });
});

describe('checkoutErrorMessage', () => {
  it.each([
    ['an api error', new ApiError(502, '502: Stripe is down'), 'Stripe is down'],
    [
      'an api error without text',
      new ApiError(500, '500: '),
      'Payment processing is currently unavailable. Please try again later or contact support.',
    ],
    ['a missing checkout link', new Error('Failed to create checkout session'), 'Failed to create checkout session'],
    [
      'a network failure',
      new TypeError('Failed to fetch'),
      'Payment processing is currently unavailable. Please try again later or contact support.',
    ],
    [
      'something that is not an error',
      'oops',
      'Payment processing is currently unavailable. Please try again later or contact support.',
    ],
  ])('for %s', (_case, error, expected) => {
    expect(checkoutErrorMessage(error)).toBe(expected);
  });
});
