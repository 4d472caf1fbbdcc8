import { hasSignedInHint } from '@hit/contracts/rules';

/** Whether this browser holds the api's "signed in" hint cookie (@hit/contracts/rules signedIn.ts, issue #25). */
export function browserHasSignedInHint(): boolean {
  return typeof document !== 'undefined' && hasSignedInHint(document.cookie);
}
