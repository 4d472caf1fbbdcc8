import { useId, useState, type FormEvent, type Ref } from 'react';
import { useRegister } from '@hit/platform';
import { Alert, Button, PasswordField, TextField } from '@hit/ui';
import {
  NAME_MAX_LENGTH,
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DIFFER_INLINE,
  PASSWORDS_DIFFER_ON_SUBMIT,
  passwordsDifferWhileTyping,
  signUpProblems,
  toRegisterBody,
  type FieldProblems,
  type SignUpField,
  type SignUpValues,
} from '../logic/credentials';
import { commonPasswordsOrNull, preloadCommonPasswords } from '../logic/commonPasswords';
import { focusFirstProblem } from './focusFirstProblem';
import { FieldPair, Fields, FormCard, FormHeader, Optional, SubmitRow, SwitchLink } from './FormParts';
import { SubmitProblem } from './SubmitProblem';

interface SignUpFormProps {
  /** Shared with the sign-in form, so switching forms keeps what was typed. */
  email: string;
  onEmailChange: (email: string) => void;
  headlineRef?: Ref<HTMLHeadingElement>;
}

type OwnField = Exclude<SignUpField, 'email'>;

/**
 * Names optional, e-mail, password (8+) and its confirmation (docs/product-rules.md, "Accounts and sign-in"). Differing
 * passwords are flagged while typing and stop the submit with an alert; nothing is sent then. The new password gets
 * the api's whole rule before it is sent (issue #23): the common-password list is fetched, as its own chunk, when the
 * password field is first focused, and waited for at submit. Toasts come from useRegister.
 */
export function SignUpForm({ email, onEmailChange, headlineRef }: SignUpFormProps) {
  const headlineId = useId();
  const register = useRegister();
  const [fields, setFields] = useState<Record<OwnField, string>>({
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const [problems, setProblems] = useState<FieldProblems<SignUpField>>({});
  const [mismatchOnSubmit, setMismatchOnSubmit] = useState(false);
  const [checking, setChecking] = useState(false);

  function forget(field: SignUpField) {
    setProblems(({ [field]: _gone, ...rest }) => rest);
  }

  function change(field: OwnField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    forget(field);
    if (field === 'password' || field === 'confirmPassword') setMismatchOnSubmit(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending || checking) return;
    const form = event.currentTarget;
    const values: SignUpValues = { ...fields, email };
    setChecking(true);
    const commonPasswords = await commonPasswordsOrNull();
    setChecking(false);
    const found = signUpProblems(values, commonPasswords);
    setProblems(found);
    if (focusFirstProblem(form, found)) return;
    if (values.password !== values.confirmPassword) {
      setMismatchOnSubmit(true);
      return;
    }
    register.mutate(toRegisterBody(values));
  }

  const confirmError =
    problems.confirmPassword ??
    (passwordsDifferWhileTyping(fields.password, fields.confirmPassword) ? PASSWORDS_DIFFER_INLINE : undefined);

  return (
    <FormCard aria-labelledby={headlineId}>
      <FormHeader
        ref={headlineRef}
        headlineId={headlineId}
        headline="Create your account"
        subline="Start your 30-day free trial — no credit card required"
      />
      <Fields onSubmit={(event) => void handleSubmit(event)} aria-labelledby={headlineId}>
        <FieldPair>
          <TextField
            label={
              <>
                First name <Optional>(optional)</Optional>
              </>
            }
            name="firstName"
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            value={fields.firstName}
            onChange={(event) => change('firstName', event.target.value)}
            error={problems.firstName}
          />
          <TextField
            label={
              <>
                Last name <Optional>(optional)</Optional>
              </>
            }
            name="lastName"
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            value={fields.lastName}
            onChange={(event) => change('lastName', event.target.value)}
            error={problems.lastName}
          />
        </FieldPair>
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
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          // A too-short password turns the hint itself into the error rather than repeating it.
          hint={problems.password ? undefined : PASSWORD_HINT}
          error={problems.password}
          value={fields.password}
          onChange={(event) => change('password', event.target.value)}
          onFocus={preloadCommonPasswords}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          value={fields.confirmPassword}
          onChange={(event) => change('confirmPassword', event.target.value)}
          error={confirmError}
        />
        <SubmitRow>
          <Button type="submit" size="lg" fullWidth disabled={register.isPending || checking}>
            {register.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
          {mismatchOnSubmit && <Alert>{PASSWORDS_DIFFER_ON_SUBMIT}</Alert>}
          <SubmitProblem error={register.error} />
        </SubmitRow>
      </Fields>
      <SwitchLink search="" question="Already have an account?" action="Sign in" />
    </FormCard>
  );
}
