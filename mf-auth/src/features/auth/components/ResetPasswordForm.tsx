import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { ApiError, isNetworkFailure, useResetPassword } from '@hit/platform';
import { Alert, Button, PasswordField } from '@hit/ui';
import {
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DIFFER_INLINE,
  PASSWORDS_DIFFER_ON_SUBMIT,
  passwordsDifferWhileTyping,
  resetProblems,
  type FieldProblems,
  type ResetValues,
} from '../logic/credentials';
import { commonPasswordsOrNull, preloadCommonPasswords } from '../logic/commonPasswords';
import { focusFirstProblem } from './focusFirstProblem';
import { Fields, FormCard, FormHeader, MessageLink, SubmitRow, SwitchLink } from './FormParts';

/** The path of the page the e-mailed link opens (api/src/services/passwords.ts, RESET_PAGE_PATH). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const LINK_INCOMPLETE_TEXT = 'This link is incomplete: open the whole link from the e-mail.';
export const RESET_NEEDS_NETWORK_TEXT =
  "No connection: your password was not changed. Try again when you're online: the link works for one hour.";

const FIELD_REFUSAL = /^password: (.+)$/;

function refusalMessage(error: Error | null): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.message.replace(/^\d{3}:\s*/, '');
}

/** What the api says of a link it refuses (unknown, used, expired): the form offers a new one then. */
function linkRefusal(error: Error | null): string | null {
  const message = refusalMessage(error);
  return message && !FIELD_REFUSAL.test(message) ? message : null;
}

/**
 * The api's refusal of the new password ('password: must not contain your email address…', the one part of the rule
 * this page cannot check, not knowing the account), as the field's sentence.
 */
function passwordRefusal(error: Error | null): string | null {
  const reason = FIELD_REFUSAL.exec(refusalMessage(error) ?? '')?.[1];
  return reason ? `Password ${reason}` : null;
}

interface ResetPasswordFormProps {
  /** The token of the e-mailed link (`?token=`), or null when the address has none. */
  token: string | null;
  headlineRef?: Ref<HTMLHeadingElement>;
}

/**
 * /reset-password?token=… (docs/product-rules.md, "Accounts and sign-in"): the new password (the sign-up rule) and its
 * confirmation. The api signs every session out and this browser in; useResetPassword then lands on /home. A link the
 * api refuses (used, expired, not valid) is said as the api says it, with a way to ask for a new one.
 */
export function ResetPasswordForm({ token, headlineRef }: ResetPasswordFormProps) {
  const headlineId = useId();
  const reset = useResetPassword();
  const [values, setValues] = useState<ResetValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<FieldProblems<keyof ResetValues>>({});
  const [mismatchOnSubmit, setMismatchOnSubmit] = useState(false);
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function change(field: keyof ResetValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setMismatchOnSubmit(false);
    // The api's refusal of the password it was sent is answered by editing it.
    if (field === 'password' && passwordRefusal(reset.error)) reset.reset();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || checking || !token) return;
    const form = event.currentTarget;
    setChecking(true);
    const commonPasswords = await commonPasswordsOrNull();
    setChecking(false);
    const found = resetProblems(values, commonPasswords);
    setProblems(found);
    if (focusFirstProblem(form, found)) return;
    if (values.password !== values.confirmPassword) {
      setMismatchOnSubmit(true);
      return;
    }
    reset.mutate({ token, password: values.password }, { onError: focusRefusedPassword });
  }

  function focusRefusedPassword(error: Error) {
    if (passwordRefusal(error)) formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }

  const refusedLink = linkRefusal(reset.error);
  const refusedPassword = passwordRefusal(reset.error);
  const passwordError = problems.password ?? refusedPassword ?? undefined;
  const otherFailure =
    reset.error && !refusedLink && !refusedPassword
      ? isNetworkFailure(reset.error)
        ? RESET_NEEDS_NETWORK_TEXT
        : reset.error.message.replace(/^\d{3}:\s*/, '')
      : null;
  const confirmError =
    problems.confirmPassword ??
    (passwordsDifferWhileTyping(values.password, values.confirmPassword) ? PASSWORDS_DIFFER_INLINE : undefined);

  return (
    <FormCard aria-labelledby={headlineId}>
      <FormHeader
        ref={headlineRef}
        headlineId={headlineId}
        headline="Choose a new password"
        subline="It signs you in here and signs you out on every other device."
      />
      {token === null ? (
        <Alert title="Link incomplete">
          {LINK_INCOMPLETE_TEXT} <MessageLink to="/auth?mode=forgot">Ask for a new link</MessageLink>
        </Alert>
      ) : (
        <Fields ref={formRef} onSubmit={(event) => void handleSubmit(event)} aria-labelledby={headlineId}>
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={passwordError ? undefined : PASSWORD_HINT}
            error={passwordError}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            onFocus={preloadCommonPasswords}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            showLabel="Show confirm password"
            hideLabel="Hide confirm password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={values.confirmPassword}
            onChange={(event) => change('confirmPassword', event.target.value)}
            error={confirmError}
          />
          <SubmitRow>
            <Button type="submit" size="lg" fullWidth disabled={reset.isPending || checking}>
              {reset.isPending ? 'Saving...' : 'Set New Password'}
            </Button>
            {mismatchOnSubmit && <Alert>{PASSWORDS_DIFFER_ON_SUBMIT}</Alert>}
            {refusedLink && (
              <Alert title="Password not changed">
                {refusedLink} <MessageLink to="/auth?mode=forgot">Ask for a new link</MessageLink>
              </Alert>
            )}
            {otherFailure && <Alert title="Password not changed">{otherFailure}</Alert>}
          </SubmitRow>
        </Fields>
      )}
      <SwitchLink pathname="/auth" search="" question="Remembered it?" action="Sign in" />
    </FormCard>
  );
}
