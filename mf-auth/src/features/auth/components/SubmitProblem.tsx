import { authErrorMessage, SIGN_IN_NEEDS_NETWORK_TEXT, useOffline } from '@hit/platform';
import { Alert } from '@hit/ui';

/**
 * Under the submit button: why the last attempt failed, or, before one, that signing in needs the network when the
 * api is known to be out of reach (issue #17). What was typed stays in the form either way.
 */
export function SubmitProblem({ error }: { error: Error | null }) {
  const offline = useOffline();
  if (error) return <Alert>{authErrorMessage(error)}</Alert>;
  if (offline) {
    // Polite: a fact about the page, not an answer to something the visitor just did.
    return (
      <Alert variant="default" role="status">
        {SIGN_IN_NEEDS_NETWORK_TEXT}
      </Alert>
    );
  }
  return null;
}
