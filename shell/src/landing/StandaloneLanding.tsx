import { useEffect, useState } from 'react';
import { hasSignedInHint } from '@hit/contracts/rules';
import { Spinner } from '@hit/ui';
import { LandingPage } from '../pages/landing/LandingPage';

/** Where a signed-in visitor of `/` goes (spec: landing page), as the app's AnonymousRoute does. */
export const SIGNED_IN_HOME = '/home';

/**
 * Whether someone is signed in: nobody in a browser without the api's "signed in" hint cookie (issue #25: no request
 * the api would answer 401), else one `GET /api/user` (200: a user, 401: anonymous). When the check itself fails
 * the page still shows, as in the app: it is public, and signing in may fix it.
 */
async function isSignedIn(): Promise<boolean> {
  if (!hasSignedInHint(document.cookie)) return false;
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
 * The landing page as the api serves it for `/`, without the app around it: a spinner while the user loads, a
 * signed-in visitor goes on to the app's home screen, anyone else sees the landing page (its links load the app).
 */
export function StandaloneLanding({ goTo = replaceLocation }: { goTo?: (path: string) => void }) {
  const [state, setState] = useState<'checking' | 'anonymous' | 'signed-in'>('checking');

  useEffect(() => {
    let active = true;
    void isSignedIn().then((signedIn) => {
      if (!active) return;
      setState(signedIn ? 'signed-in' : 'anonymous');
      if (signedIn) goTo(SIGNED_IN_HOME);
    });
    return () => {
      active = false;
    };
  }, [goTo]);

  return state === 'anonymous' ? <LandingPage /> : <Spinner page />;
}
