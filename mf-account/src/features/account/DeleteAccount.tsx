import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, isNetworkFailure, useDeleteAccount } from '@hit/platform';
import { Alert, Button, DialogActions, PasswordField, theme } from '@hit/ui';
import styled from 'styled-components';
import { messageOf } from './accountApi';

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
`;

const Deleted = styled.ul`
  display: grid;
  gap: ${theme.space.xxs};
  margin: 0;
  padding-left: 1.25rem;
  font-size: ${theme.fontSizes.sm};
`;

/** What the dialog says goes (docs/product-rules.md, "Your data and your account"). */
export const DELETED_ITEMS = [
  'your account: e-mail address, name and password',
  'your three workout days and where you are in the rotation',
  'every workout session and every set you logged, imported ones included',
  'your goals, personal records and plate settings',
  'your sign-ins on every device, and the work not synced yet on this one',
];
export const PASSWORD_REQUIRED = 'Type your password to delete your account.';
export const WRONG_PASSWORD = 'That is not your password.';
export const DELETE_NEEDS_NETWORK = 'No connection: your account was not deleted. Try again when you are online.';
export const SESSION_ENDED = 'Your session has ended: sign in again to delete your account.';

interface DeleteAccountProps {
  /** The account is gone (the platform has cleared this browser and goes to /): the panel closes. */
  onDeleted: () => void;
  onCancel: () => void;
}

/** What a refusal says, and whether it is about the password typed (then shown on the field). */
function refusal(error: unknown): { text: string; onField: boolean } {
  if (isNetworkFailure(error)) return { text: DELETE_NEEDS_NETWORK, onField: false };
  const status = error instanceof ApiError ? error.status : null;
  const message = messageOf(error);
  if (status === 401) {
    return /not authenticated/i.test(message)
      ? { text: SESSION_ENDED, onField: false }
      : { text: WRONG_PASSWORD, onField: true };
  }
  // 429 (too many wrong passwords), 502/503 (the subscription could not be cancelled): the api's own sentence.
  return { text: message, onField: false };
}

/**
 * The account panel's 'Delete Account' dialog: names what is deleted, asks for the password again. The password stays
 * typed after a refusal, shown on its field (a wrong one) or above the buttons (anything else).
 */
export function DeleteAccount({ onDeleted, onCancel }: DeleteAccountProps) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLFormElement>(null);
  const focusField = useRef(false);

  useEffect(() => {
    if (!focusField.current) return;
    field.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    focusField.current = false;
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    setFailure(null);
    if (password === '') {
      setFieldError(PASSWORD_REQUIRED);
      focusField.current = true;
      return;
    }
    setFieldError(undefined);
    remove.mutate(
      { password },
      {
        onSuccess: onDeleted,
        onError: (error) => {
          const { text, onField } = refusal(error);
          if (onField) {
            setFieldError(text);
            focusField.current = true;
          } else setFailure(text);
        },
      },
    );
  };

  return (
    <Form ref={field} onSubmit={submit} noValidate>
      <div>
        <p>This deletes, for good:</p>
        <Deleted>
          {DELETED_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Deleted>
      </div>
      <p>
        An active subscription is cancelled at once, without a refund of the days left. Download your data first if you
        want to keep it.
      </p>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldError(undefined);
          setFailure(null);
        }}
        error={fieldError}
      />
      {failure && (
        <Alert title="Your account was not deleted" variant="destructive">
          {failure}
        </Alert>
      )}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Keep my account
        </Button>
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </DialogActions>
    </Form>
  );
}
