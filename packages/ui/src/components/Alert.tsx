import type { ComponentProps, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

export type AlertVariant = 'destructive' | 'default';

const AlertRoot = styled.div<{ $variant: AlertVariant }>`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-start;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  border: 1px solid;
  font-size: ${theme.fontSizes.sm};
  ${({ $variant }) =>
    $variant === 'destructive'
      ? css`
          background: ${theme.colors.dangerSurface};
          border-color: ${theme.colors.danger};
          color: ${theme.colors.text};
          svg {
            color: ${theme.colors.dangerText};
          }
        `
      : css`
          background: ${theme.colors.surfaceRaised};
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
          svg {
            color: ${theme.colors.focus};
          }
        `}
`;

const AlertTitle = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Icon = styled.svg`
  flex: none;
  margin-top: 2px;
`;

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertVariant;
  title?: ReactNode;
};

/** A message the user must not miss (role alert: read out as soon as it appears). */
export function Alert({ variant = 'destructive', title, children, ...rest }: AlertProps) {
  return (
    <AlertRoot role="alert" $variant={variant} {...rest}>
      <Icon
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 17h.01" />
      </Icon>
      <div>
        {title && <AlertTitle>{title}</AlertTitle>}
        {children}
      </div>
    </AlertRoot>
  );
}
