import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@hit/contracts';
import { apiRequest } from '@hit/platform';

/** POST /api/user/password: this session stays signed in, every other one of the user is signed out by the api. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<{ message: string }>('POST', '/api/user/password', body),
  });
}
