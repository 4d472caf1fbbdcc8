import { useId, useState, type FormEvent, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, authErrorMessage, isNetworkFailure, useOffline } from '@hit/platform';
import { Alert, Button, TextButton, TextField, theme } from '@hit/ui';
import styled from 'styled-components';
import { forgotProblems, type FieldProblems } from '../logic/credentials';
import { focusFirstProblem } from './focusFirstProblem';
import { Fields, FormCard, FormHeader, SubmitRow, SwitchLink } from './FormParts';

/** Asking for a link needs the api, as signing in does. */
export const RESET_NEEDS_NETWORK_TEXT =
  "You need a network connection to reset your password, and HIT Tracker can't reach its server right now.";

const Sent = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** POST /api/password/forgot: the api's answer is the same sentence whether the account exists or not. */
function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<{ message: string }>('POST', '/api/password/forgot', { email }),
  });
}

interface ForgotPasswordFormProps {
  /** Shared with the sign-in form, so what was typed there is already filled in. */
  email: string;
  onEmailChange: (email: string) => void;
  headlineRef?: Ref<HTMLHeadingElement>;
}

/**
 * /auth?mode=forgot (docs/product-rules.md, "Accounts and sign-in"): the e-mail, then the api's neutral sentence in
 * place of the form, which never says whether the account exists. The link itself arrives by e-mail.
 */
export function ForgotPasswordForm({ email, onEmailChange, headlineRef }: ForgotPasswordFormProps) {
  const headlineId = useId();
  const forgot = useForgotPassword();
  const offline = useOffline();
  const [problems, setProblems] = useState<FieldProblems<'email'>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    const found = forgotProblems({ email });
    setProblems(found);
    if (focusFirstProblem(event.currentTarget, found)) return;
    forgot.mutate(email.trim());
  }

  const failure = forgot.error
    ? isNetworkFailure(forgot.error)
      ? RESET_NEEDS_NETWORK_TEXT
      : authErrorMessage(forgot.error)
    : null;

  return (
    <FormCard aria-labelledby={headlineId}>
      <FormHeader
        ref={headlineRef}
        headlineId={headlineId}
        headline="Reset your password"
        subline="Enter the e-mail of your account: we'll send you a link to choose a new password."
      />
      {forgot.isSuccess ? (
        <Sent>
          {/* Polite: the answer to what the visitor just asked, read out without interrupting. */}
          <Alert variant="default" role="status" title="Check your e-mail">
            {forgot.data.message}
          </Alert>
          <Muted>
            Nothing after a few minutes? Look in your spam folder, or{' '}
            <TextButton onClick={() => forgot.reset()}>send the link again</TextButton>.
          </Muted>
        </Sent>
      ) : (
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
              setProblems({});
            }}
            error={problems.email}
          />
          <SubmitRow>
            <Button type="submit" size="lg" fullWidth disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            {failure && <Alert>{failure}</Alert>}
            {!failure && offline && (
              <Alert variant="default" role="status">
                {RESET_NEEDS_NETWORK_TEXT}
              </Alert>
            )}
          </SubmitRow>
        </Fields>
      )}
      <SwitchLink search="" question="Remembered it?" action="Sign in" />
    </FormCard>
  );
}
