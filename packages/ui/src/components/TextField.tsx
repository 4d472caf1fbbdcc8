import { useId, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
`;

const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Input = styled.input<{ $invalid: boolean; $withAdornment: boolean }>`
  width: 100%;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  padding-right: ${({ $withAdornment }) => ($withAdornment ? '3rem' : theme.space.sm)};
  background: ${theme.colors.background};
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.border)};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  transition: border-color 120ms ease;

  &::placeholder {
    color: ${theme.colors.textMuted};
    opacity: 0.8;
  }
  &:hover:not(:disabled) {
    border-color: ${theme.colors.textMuted};
  }
  &:focus-visible {
    outline-offset: 0;
    border-color: ${theme.colors.focus};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const Adornment = styled.div`
  position: absolute;
  right: ${theme.space.xxs};
  display: flex;
`;

const Hint = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.dangerText};
  font-weight: ${theme.fontWeights.medium};
`;

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  label: ReactNode;
  /** Help under the input, e.g. a rule the value must meet. */
  hint?: ReactNode;
  /** What is wrong with the value; marks the input invalid. */
  error?: ReactNode;
  /** A control inside the input's right edge (e.g. a show-password toggle). */
  endAdornment?: ReactNode;
};

/** A labelled input with an optional hint and error, both read out with the input (aria-describedby). */
export function TextField({
  label,
  hint,
  error,
  endAdornment,
  id,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <InputRow>
        <Input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds || undefined}
          $invalid={Boolean(error)}
          $withAdornment={Boolean(endAdornment)}
          {...inputProps}
        />
        {endAdornment && <Adornment>{endAdornment}</Adornment>}
      </InputRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {/* Always in the page so a message that appears while typing is announced. */}
      <div aria-live="polite">{error && <ErrorText id={errorId}>{error}</ErrorText>}</div>
    </Field>
  );
}
