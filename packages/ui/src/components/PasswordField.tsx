import { useState } from 'react';
import styled from 'styled-components';
import { TextField, type TextFieldProps } from './TextField';
import { theme } from '../theme';

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${theme.layout.minTouchTarget};
  height: ${theme.layout.minTouchTarget};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
  }
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'> & {
  /** Names of the toggle, e.g. 'Show confirm password' when a form has two password fields. */
  showLabel?: string;
  hideLabel?: string;
};

/** A TextField for a password whose text can be shown and hidden again. */
export function PasswordField({
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <Toggle
          type="button"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </Toggle>
      }
    />
  );
}
