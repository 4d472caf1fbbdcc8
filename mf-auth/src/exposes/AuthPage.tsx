import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from '@hit/routing';
import type { AuthPageProps } from '@hit/contracts';
import { BuildLabel } from '@hit/ui';
import { buildLabel, remoteVersion } from '../buildInfo';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { RESET_PASSWORD_PATH, ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';
import { SignInForm } from '../features/auth/components/SignInForm';
import { SignUpForm } from '../features/auth/components/SignUpForm';

type Mode = 'signin' | 'signup' | 'forgot';

function modeOf(search: URLSearchParams): Mode {
  const mode = search.get('mode');
  return mode === 'signup' || mode === 'forgot' ? mode : 'signin';
}

/**
 * /auth (docs/product-rules.md, "Screens and routes"): the sign-in form, the create-account form with `?mode=signup`
 * (where the landing page's 'Start Your Free Trial' leads), or the 'Forgot password?' form with `?mode=forgot`. The
 * shell keeps signed-in users away from /auth and moves a visitor on once a sign-in or sign-up has cached the user.
 * The shell also shows this page at /reset-password?token=…, the e-mailed link, to anyone: there it is the new
 * password form, which lands on /home once the api has signed the visitor in.
 */
export default function AuthPage(_props: AuthPageProps) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const resetting = pathname === RESET_PASSWORD_PATH;
  const mode = modeOf(searchParams);
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
        {resetting ? (
          <ResetPasswordForm key="reset" token={searchParams.get('token') || null} headlineRef={headlineRef} />
        ) : mode === 'signup' ? (
          <SignUpForm key="signup" email={email} onEmailChange={setEmail} headlineRef={headlineRef} />
        ) : mode === 'forgot' ? (
          <ForgotPasswordForm key="forgot" email={email} onEmailChange={setEmail} headlineRef={headlineRef} />
        ) : (
          <SignInForm key="signin" email={email} onEmailChange={setEmail} headlineRef={headlineRef} />
        )}
      </AuthLayout>
      <BuildLabel label={buildLabel()} version={remoteVersion()} />
    </>
  );
}
