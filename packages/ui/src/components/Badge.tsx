import type { ComponentProps } from 'react';
import styled, { css } from 'styled-components';

export type BadgeVariant = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const variants = {
  neutral: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
  `,
  accent: css`
    background: ${({ theme }) => theme.colors.accentSoft};
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accent};
  `,
  success: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-color: ${({ theme }) => theme.colors.success};
    color: ${({ theme }) => theme.colors.success};
  `,
  warning: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-color: ${({ theme }) => theme.colors.warning};
    color: ${({ theme }) => theme.colors.warning};
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.dangerSurface};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.dangerText};
  `,
};

const BadgeRoot = styled.span<{ $variant: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding: 0.2rem 0.6rem;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
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
