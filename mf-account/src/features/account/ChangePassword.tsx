import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, isNetworkFailure, toast } from '@hit/platform';
import { Alert, Button, DialogActions, PasswordField, theme } from '@hit/ui';
import styled from 'styled-components';
import { messageOf } from './accountApi';
import {
  CHANGE_NEEDS_NETWORK,
  NEW_PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DIFFER,
  passwordChangeProblems,
  passwordsDifferWhileTyping,
  refusalProblem,
  type PasswordChangeField,
  type PasswordChangeProblems,
  type PasswordChangeValues,
} from './logic/passwordChange';
import { commonPasswordsOrNull, preloadCommonPasswords } from './logic/commonPasswords';
import { useChangePassword } from './passwordApi';

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
`;

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELD_ORDER: PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

interface ChangePasswordProps {
  /** The account's e-mail: a new password holding it, or its name before the @, is refused (the api checks too). */
  email?: string;
  /** The password was changed (the toast is shown): the dialog closes. */
  onChanged: () => void;
  onCancel: () => void;
}

/**
 * The account panel's 'Change Password' dialog (docs/product-rules.md, "Accounts and sign-in"): the current password,
 * the new one (the sign-up rules) and its confirmation. What was typed stays after a refusal, which is shown under
 * its field (a wrong current password) or above the buttons.
 */
export function ChangePassword({ email, onChanged, onCancel }: ChangePasswordProps) {
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [problems, setProblems] = useState<PasswordChangeProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The field that takes focus once its problem is on screen. */
  const focusNext = useRef<PasswordChangeField | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    form.current?.querySelector<HTMLInputElement>(`input[name="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  const edit = (field: PasswordChangeField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || checking) return;
    setChecking(true);
    const commonPasswords = await commonPasswordsOrNull();
    setChecking(false);
    const found = passwordChangeProblems(values, { email, commonPasswords });
    setProblems(found);
    setFailure(null);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      focusNext.current = first;
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Password Changed',
            description: 'You are signed out on every other device.',
            variant: 'success',
          });
          onChanged();
        },
        onError: (error) => {
          if (isNetworkFailure(error)) {
            setFailure(CHANGE_NEEDS_NETWORK);
            return;
          }
          const problem = refusalProblem(error instanceof ApiError ? error.status : null, messageOf(error));
          if (problem.field) {
            setProblems({ [problem.field]: problem.text });
            focusNext.current = problem.field;
          } else setFailure(problem.text);
        },
      },
    );
  };

  const confirmError = problems.confirmPassword ?? (passwordsDifferWhileTyping(values) ? PASSWORDS_DIFFER : undefined);

  return (
    <Form ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <PasswordField
        label="Current password"
        name="currentPassword"
        showLabel="Show current password"
        hideLabel="Hide current password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.currentPassword}
        onChange={(event) => edit('currentPassword', event.target.value)}
        error={problems.currentPassword}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        showLabel="Show new password"
        hideLabel="Hide new password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        // A too-short password turns the hint itself into the error rather than repeating it.
        hint={problems.newPassword ? undefined : NEW_PASSWORD_HINT}
        error={problems.newPassword}
        value={values.newPassword}
        onChange={(event) => edit('newPassword', event.target.value)}
        onFocus={preloadCommonPasswords}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        showLabel="Show confirm new password"
        hideLabel="Hide confirm new password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.confirmPassword}
        onChange={(event) => edit('confirmPassword', event.target.value)}
        error={confirmError}
      />
      {failure && <Alert title="Password not changed">{failure}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending || checking}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </DialogActions>
    </Form>
  );
}
