import { useMutation, useQueryClient, type QueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from '@hit/routing';
import type { LoginBody, RegisterBody, User } from '@hit/contracts';
import { apiRequest } from './apiClient';
import { authErrorMessage } from './authErrorMessage';
import { displayName } from './displayName';
import { isNetworkFailure } from './networkStatus';
import { forgetSignedInUser } from './offlineCache';
import { queryKeys } from './queryKeys';
import { resaveRestAlertAfterSignIn } from './restAlerts/restAlerts';
import { toast } from './toast';

const isUserQuery = (queryKey: readonly unknown[]) => queryKey[0] === queryKeys.user[0];

/**
 * Signing in, signing up and signing out set or clear the cached user (docs/product-rules.md, "Accounts and sign-in").
 * Everything else cached belonged to whoever was signed in before, so it goes. What this device chose for the rest-over
 * alert stays (issue #22): signing out made the api forget its subscription, and a sign-in here saves it again.
 */
export function setSignedInUser(queryClient: QueryClient, user: User | null) {
  queryClient.removeQueries({ predicate: ({ queryKey }) => !isUserQuery(queryKey) });
  queryClient.setQueryData<User | null>(queryKeys.user, user);
  if (user) resaveRestAlertAfterSignIn();
}

// Answers are typed by the shared contract (the api's tests hold it to it): no schema library in the sign-in path.

/** POST /api/login: on success the user is cached (the shell's routes then take them to /home). */
export function useLogin(): UseMutationResult<User, Error, LoginBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/login', body),
    onSuccess: (user) => {
      setSignedInUser(queryClient, user);
      toast({ title: 'Welcome back!', description: `You're now logged in as ${user.email}`, variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}

/** POST /api/register (confirmPassword is never part of the body): on success the new user is cached. */
export function useRegister(): UseMutationResult<User, Error, RegisterBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<User>('POST', '/api/register', body),
    onSuccess: (user) => {
      setSignedInUser(queryClient, user);
      toast({
        title: 'Account created!',
        description: `Welcome to the workout tracker, ${displayName(user)}!`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: authErrorMessage(error), variant: 'destructive' });
    },
  });
}

/** Signing out with no answer from the api: this browser forgets the user, the server's session outlives it. */
export const SIGN_OUT_OFFLINE_TEXT =
  "HIT Tracker couldn't reach its server to end your session: sign out again when you're back online.";

/** POST /api/logout, then the cache is cleared and the visitor goes to /auth whether or not the call worked. */
export function useLogout(): UseMutationResult<void, Error, void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      toast({ title: 'Logged out', description: "You've been successfully logged out", variant: 'success' });
    },
    onError: (error) => {
      const description = isNetworkFailure(error) ? SIGN_OUT_OFFLINE_TEXT : authErrorMessage(error);
      toast({ title: 'Logout failed', description, variant: 'destructive' });
    },
    onSettled: async () => {
      // Offline too: the user asked to leave this browser, so their cached reads go, though only the api can end
      // the session. Gone from memory and from IndexedDB before navigating: /auth must see an anonymous visitor,
      // and a reload or a closed tab right after must not restore the user who left.
      setSignedInUser(queryClient, null);
      await forgetSignedInUser();
      navigate('/auth', { replace: true });
    },
  });
}
