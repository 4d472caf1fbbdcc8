import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from '@hit/routing';
import type { ResetPasswordBody, User } from '@hit/contracts';
import { apiRequest } from './apiClient';
import { setSignedInUser } from './auth';
import { toast } from './toast';

/**
 * POST /api/password/reset with the e-mailed link's token and the new password (docs/product-rules.md, "Accounts and
 * sign-in"): the api signs every session of the account out and this browser in, so the user is cached as at sign-in
 * and lands on /home. A refused link is the form's to explain, next to it: no toast.
 */
export function useResetPassword(): UseMutationResult<User, Error, ResetPasswordBody> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest<User>('POST', '/api/password/reset', body),
    onSuccess: (user) => {
      setSignedInUser(queryClient, user);
      toast({
        title: 'Password changed!',
        description: `You're now logged in as ${user.email}. Every other device was signed out.`,
        variant: 'success',
      });
      navigate('/home', { replace: true });
    },
  });
}
