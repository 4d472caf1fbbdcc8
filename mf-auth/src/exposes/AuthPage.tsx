import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuthPageProps } from '@hit/contracts';
import { BuildLabel } from '@hit/ui';
import { buildLabel, remoteVersion } from '../buildInfo';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { SignInForm } from '../features/auth/components/SignInForm';
import { SignUpForm } from '../features/auth/components/SignUpForm';

/**
 * /auth (docs/product-rules.md, "Screens and routes"): the sign-in form, or the create-account form with `?mode=signup`
 * (where the landing page's 'Start Your Free Trial' leads). The shell keeps signed-in users away from this page and
 * moves a visitor on once a sign-in or sign-up has cached the user, so the page itself never navigates.
 */
export default function AuthPage(_props: AuthPageProps) {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  const [email, setEmail] = useState('');
  const headlineRef = useRef<HTMLHeadingElement>(null);
  const shownMode = useRef(mode);

  // After a switch (not on arrival), focus the new form's headline so screen readers announce it.
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    headlineRef.current?.focus();
  }, [mode]);

  return (
    <>
      <AuthLayout>
        {mode === 'signup' ? (
          <SignUpForm key="signup" email={email} onEmailChange={setEmail} headlineRef={headlineRef} />
        ) : (
          <SignInForm key="signin" email={email} onEmailChange={setEmail} headlineRef={headlineRef} />
        )}
      </AuthLayout>
      <BuildLabel label={buildLabel()} version={remoteVersion()} />
    </>
  );
}
