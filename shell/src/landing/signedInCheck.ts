import { hasSignedInHint, LANDING_CHECKING_STYLE_ID } from '@hit/contracts/rules';

/** Where a signed-in visitor of `/` goes (spec: landing page), as the app's AnonymousRoute does. */
export const SIGNED_IN_HOME = '/home';

/**
 * Whether someone is signed in: one `GET /api/user` (200: a user, 401: anonymous). When the check itself fails the
 * answer is no: the page is public, and signing in may fix it.
 */
async function isSignedIn(): Promise<boolean> {
  try {
    const response = await fetch('/api/user', { credentials: 'include' });
    // Read the answer either way: an unread body keeps the request open (and the page never idle).
    const body = await response.text();
    return response.ok && Boolean(body && JSON.parse(body));
  } catch {
    return false;
  }
}

const replaceLocation = (path: string) => window.location.replace(path);

/**
 * The landing page's one job in the browser (spec: "A logged-in user is redirected to /home"): nobody is signed in
 * in a browser without the api's "signed in" hint cookie (issue #25: no request the api would answer 401). With it,
 * the user is asked for: a signed-in visitor goes on to the app's home screen; for anyone else the checking style
 * the api wrote into the page (the spinner instead of the landing page, @hit/contracts landingPage.ts) is removed.
 */
export async function sendSignedInVisitorHome(
  doc: Document = document,
  goTo: (path: string) => void = replaceLocation,
): Promise<void> {
  if (!hasSignedInHint(doc.cookie)) return;
  if (await isSignedIn()) goTo(SIGNED_IN_HOME);
  else doc.getElementById(LANDING_CHECKING_STYLE_ID)?.remove();
}
