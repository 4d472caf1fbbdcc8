import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from '@hit/routing';
import type { DeleteAccountBody, User } from '@hit/contracts';
import { apiRequest } from './apiClient';
import { setSignedInUser } from './auth';
import { forgetSignedInUser } from './offlineCache';
import { discardOutbox } from './outbox/registry';
import { queryKeys } from './queryKeys';
import { toast } from './toast';

export const ACCOUNT_DELETED_TITLE = 'Account deleted';
export const ACCOUNT_DELETED_TEXT =
  'Your account and all its data were deleted. Thank you for training with HIT Tracker.';

/**
 * DELETE /api/user with the password typed again (docs/product-rules.md, "Your data and your account"). Once the api
 * has deleted the account, this browser forgets the user as a sign-out does, and more: their outbox goes too (work not
 * synced could never be now, and nothing of theirs may stay here), then the visitor lands on / with a toast. A refusal
 * (wrong password, too many tries, no network) is the caller's to show: nothing changes here.
 */
export function useDeleteAccount(): UseMutationResult<void, Error, DeleteAccountBody> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: DeleteAccountBody) => {
      await apiRequest('DELETE', '/api/user', body);
    },
    onSuccess: async () => {
      const userId = queryClient.getQueryData<User | null>(queryKeys.user)?.id;
      if (userId) await discardOutbox(userId);
      setSignedInUser(queryClient, null);
      await forgetSignedInUser();
      navigate('/', { replace: true });
      toast({ title: ACCOUNT_DELETED_TITLE, description: ACCOUNT_DELETED_TEXT, variant: 'success' });
    },
  });
}
