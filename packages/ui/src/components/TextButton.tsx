import type { ComponentProps } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const StyledTextButton = styled.button`
  display: inline;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.accent};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${theme.colors.accentHover};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export type TextButtonProps = ComponentProps<'button'>;

/** A button that reads like a link: for switching within a screen (e.g. sign in / sign up), not for navigating. */
export function TextButton({ type = 'button', ...rest }: TextButtonProps) {
  return <StyledTextButton type={type} {...rest} />;
}
