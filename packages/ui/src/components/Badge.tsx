import type { ComponentProps } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

export type BadgeVariant = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const variants = {
  neutral: css`
    background: ${theme.colors.surfaceRaised};
    border-color: ${theme.colors.border};
    color: ${theme.colors.text};
  `,
  accent: css`
    background: ${theme.colors.accentSoft};
    border-color: ${theme.colors.accent};
    color: ${theme.colors.accent};
  `,
  success: css`
    background: ${theme.colors.surfaceRaised};
    border-color: ${theme.colors.success};
    color: ${theme.colors.success};
  `,
  warning: css`
    background: ${theme.colors.surfaceRaised};
    border-color: ${theme.colors.warning};
    color: ${theme.colors.warning};
  `,
  danger: css`
    background: ${theme.colors.dangerSurface};
    border-color: ${theme.colors.danger};
    color: ${theme.colors.dangerText};
  `,
};

const BadgeRoot = styled.span<{ $variant: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  padding: 0.2rem 0.6rem;
  border: 1px solid;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.02em;
  line-height: 1.4;
  white-space: nowrap;
  ${({ $variant }) => variants[$variant]}
`;

export type BadgeProps = ComponentProps<'span'> & { variant?: BadgeVariant };

/** A short label on something: a status, a count, 'Next'. Text, not a control. */
export function Badge({ variant = 'neutral', ...rest }: BadgeProps) {
  return <BadgeRoot $variant={variant} {...rest} />;
}
