import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResponse, SyncResponse } from '@hit/contracts';
import { apiRequest, queryKeys, toast } from '@hit/platform';
import { formatPeriodEnd } from './logic/subscription';

/** An error's message without the api's leading 'NNN: ' status code. */
export function messageOf(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(/^\d{3}:\s*/, '').trim() || 'Unknown error';
}

const NO_SUBSCRIPTION = /no active subscription/i;

/**
 * POST /api/subscription/sync with its toasts (docs/product-rules.md, "Error messages and toasts"); the status query
 * refreshes afterwards.
 */
export function useSyncSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SyncResponse | undefined>('POST', '/api/subscription/sync'),
    onSuccess: async (answer) => {
      if (answer && 'error' in answer) {
        if (NO_SUBSCRIPTION.test(answer.error)) {
          toast({
            title: 'No Active Subscription',
            description: 'No active subscription found in your Stripe account.',
          });
        } else {
          toast({
            title: 'Sync Failed',
            description: `Failed to sync subscription status: ${answer.error}`,
            variant: 'destructive',
          });
        }
      } else {
        toast({
          title: 'Subscription Synced',
          description: 'Your subscription status has been updated.',
          variant: 'success',
        });
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
    },
    onError: (error) => {
      toast({
        title: 'Sync Failed',
        description: `Failed to sync subscription status: ${messageOf(error)}`,
        variant: 'destructive',
      });
    },
  });
}

function cancelFailed(message: string) {
  toast({
    title: 'Cancellation Failed',
    description: `Failed to cancel subscription: ${message}. Please try again or contact support if the issue persists.`,
    variant: 'destructive',
  });
}

/**
 * POST /api/subscription/cancel with its toasts (docs/product-rules.md, "Error messages and toasts"); the status query
 * refreshes afterwards.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CancelResponse | undefined>('POST', '/api/subscription/cancel'),
    onSuccess: async (answer) => {
      if (answer && 'error' in answer) {
        cancelFailed(answer.error);
        return;
      }
      const until = formatPeriodEnd(answer?.periodEnd) ?? 'the current billing period';
      toast({
        title: 'Subscription Cancelled',
        description: `Your subscription has been cancelled. You keep premium access until ${until}.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionStatus });
    },
    onError: (error) => cancelFailed(messageOf(error)),
  });
}
