import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResponse, SubscriptionStatus } from '@hit/contracts';
import { ApiError, apiRequest } from './apiClient';
import { goToExternalPage } from './browserLocation';
import { queryKeys } from './queryKeys';
import { toast } from './toast';
import { useUser } from './user';

/**
 * The subscription status is cached for 5 minutes; everything else never goes stale
 * (docs/product-rules.md, "Trial and access").
 */
export const SUBSCRIPTION_STATUS_STALE_TIME_MS = 5 * 60 * 1000;

export const CHECKOUT_FAILED_TITLE = 'Unable to Process Payment';
export const MISSING_CHECKOUT_URL_MESSAGE = 'Failed to create checkout session';
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'Payment processing is currently unavailable. Please try again later or contact support.';

/** GET /api/subscription/status */
export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({
    queryKey: queryKeys.subscriptionStatus,
    staleTime: SUBSCRIPTION_STATUS_STALE_TIME_MS,
  });
}

export interface Access {
  /** The status is still loading: premium actions wait (spec: 'Checking subscription status...'). */
  isLoading: boolean;
  /** Trial running or a subscription that still gives access. */
  canAccessFeatures: boolean;
}

/** Access info (docs/product-rules.md, "Trial and access"). */
export function useAccess(): Access {
  const { data, isPending, isError } = useSubscriptionStatus();
  if (data) return { isLoading: false, canAccessFeatures: data.canAccessFeatures };
  // Status unknown (it failed to load): let the user try. The server still answers 402 when access is over,
  // so a client that guesses wrong here never unlocks anything.
  if (isError) return { isLoading: false, canAccessFeatures: true };
  return { isLoading: isPending, canAccessFeatures: false };
}

/** What the 'Unable to Process Payment' toast says: the server's message, else the generic sentence. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message.replace(/^\d{3}:\s*/, '').trim() || PAYMENT_UNAVAILABLE_MESSAGE;
  if (error instanceof Error && error.message === MISSING_CHECKOUT_URL_MESSAGE) return error.message;
  // A network failure or anything unexpected: no server message to show.
  return PAYMENT_UNAVAILABLE_MESSAGE;
}

/**
 * POST /api/subscription/create-checkout with the user's e-mail as billingEmail (or `{}`), then the browser goes
 * to the provider's hosted checkout page. An answer without checkoutUrl is an error
 * (docs/product-rules.md, "Subscription and payments").
 */
export function useCheckout(): UseMutationResult<CheckoutResponse, Error, void> {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  return useMutation({
    mutationFn: async () => {
      const body: CheckoutBody = user?.email ? { billingEmail: user.email } : {};
      const answer = await apiRequest<Partial<CheckoutResponse> | undefined>(
        'POST',
        '/api/subscription/create-checkout',
        body,
      );
      if (!answer?.checkoutUrl) throw new Error(MISSING_CHECKOUT_URL_MESSAGE);
      return { checkoutUrl: answer.checkoutUrl, message: answer.message ?? '' };
    },
    onSuccess: async ({ checkoutUrl }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
      goToExternalPage(checkoutUrl);
    },
    onError: (error) => {
      toast({ title: CHECKOUT_FAILED_TITLE, description: checkoutErrorMessage(error), variant: 'destructive' });
    },
  });
}
