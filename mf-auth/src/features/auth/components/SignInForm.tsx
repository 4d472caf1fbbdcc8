import { useId, useState, type FormEvent, type Ref } from 'react';
import { useLogin } from '@hit/platform';
import { Button, PasswordField, TextField } from '@hit/ui';
import {
  PASSWORD_MAX_LENGTH,
  signInProblems,
  toLoginBody,
  type FieldProblems,
  type SignInValues,
} from '../logic/credentials';
import { focusFirstProblem } from './focusFirstProblem';
import { Fields, ForgotLink, FormCard, FormHeader, SubmitRow, SwitchLink } from './FormParts';
import { SubmitProblem } from './SubmitProblem';

interface SignInFormProps {
  /** Shared with the create-account form, so switching forms keeps what was typed. */
  email: string;
  onEmailChange: (email: string) => void;
  headlineRef?: Ref<HTMLHeadingElement>;
}

/**
 * E-mail and password, both required (docs/product-rules.md, "Accounts and sign-in"). Success and failure toasts come
 * from useLogin.
 */
export function SignInForm({ email, onEmailChange, headlineRef }: SignInFormProps) {
  const headlineId = useId();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<FieldProblems<keyof SignInValues>>({});

  function forget(field: keyof SignInValues) {
    setProblems(({ [field]: _gone, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const values = { email, password };
    const found = signInProblems(values);
    setProblems(found);
    if (focusFirstProblem(event.currentTarget, found)) return;
    login.mutate(toLoginBody(values));
  }

  return (
    <FormCard aria-labelledby={headlineId}>
      <FormHeader
        ref={headlineRef}
        headlineId={headlineId}
        headline="Welcome back"
        subline="Sign in to pick up your routine where you left off."
      />
      <Fields onSubmit={handleSubmit} aria-labelledby={headlineId}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            forget('email');
          }}
          error={problems.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            forget('password');
          }}
          error={problems.password}
        />
        <ForgotLink />
        <SubmitRow>
          <Button type="submit" size="lg" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
          <SubmitProblem error={login.error} />
        </SubmitRow>
      </Fields>
      <SwitchLink search="?mode=signup" question="Don't have an account?" action="Sign up" />
    </FormCard>
  );
}
