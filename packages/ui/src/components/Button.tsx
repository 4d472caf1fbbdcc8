import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth?: boolean;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.accentHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.textMuted}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
  `,
};

const sizes = {
  sm: css`
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    min-height: ${({ theme }) => theme.layout.minTouchTarget};
    padding: 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  lg: css`
    min-height: 52px;
    padding: 0 ${({ theme }) => theme.space.xl};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease, transform 80ms ease;
  &:active:not(:disabled) { transform: scale(0.98); }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  ${({ $variant }) => variants[$variant]}
  ${({ $size }) => sizes[$size]}
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

export type ButtonProps = ComponentProps<'button'> & ButtonLook;

export function Button({ variant = 'primary', size = 'md', fullWidth, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}

export type ButtonLinkProps = LinkProps & ButtonLook;

/** A router link that looks like a Button: for actions that go to another screen. */
export function ButtonLink({ variant = 'primary', size = 'md', fullWidth, ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}
