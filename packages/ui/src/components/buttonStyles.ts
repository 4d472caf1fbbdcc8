// The look of a Button, apart from what the element is: no router here, so a page without one (the
// standalone landing page) can use it too.
import { css } from 'styled-components';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The look as transient props of a styled element (not passed on to the DOM). */
export interface ButtonStyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth?: boolean;
}

const variants = {
  primary: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    &:hover:not(:disabled) {
      background: ${theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
    &:hover:not(:disabled) {
      border-color: ${theme.colors.textMuted};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceRaised};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: ${theme.colors.onDanger};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerHover};
    }
  `,
};

const sizes = {
  // Compact in padding and type, never in height: every target stays at least 44 px tall (WCAG 2.5.5).
  sm: css`
    min-height: ${theme.layout.minTouchTarget};
    padding: 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.sm};
  `,
  md: css`
    min-height: ${theme.layout.minTouchTarget};
    padding: 0 ${theme.space.lg};
    font-size: ${theme.fontSizes.md};
  `,
  lg: css`
    min-height: 52px;
    padding: 0 ${theme.space.xl};
    font-size: ${theme.fontSizes.lg};
  `,
};

/** A Button's styles, for any element that should look like one (a router link, a plain anchor). */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.xs};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  /* A short label ('Edit') still makes a target a finger can hit. */
  min-width: ${theme.layout.minTouchTarget};
  border: 1px solid transparent;
  border-radius: ${theme.radii.md};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    border-color 120ms ease,
    transform 80ms ease;
  &:active:not(:disabled) {
    transform: scale(0.98);
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${({ $variant }) => variants[$variant]}
  ${({ $size }) => sizes[$size]}
`;

/** The transient props of `buttonStyles` for a look, with a Button's defaults. */
export function buttonLook({ variant = 'primary', size = 'md', fullWidth }: ButtonLook): ButtonStyleProps {
  return { $variant: variant, $size: size, $fullWidth: fullWidth };
}
