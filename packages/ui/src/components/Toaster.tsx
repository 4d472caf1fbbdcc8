import { pauseToast, resumeToast, useToast, type ToastVariant } from '@hit/platform';
import styled, { css, keyframes } from 'styled-components';
import { theme } from '../theme';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-12px); }
  to { opacity: 1; transform: none; }
`;

// Top of the screen on phones, where it never covers the actions at the bottom (a dialog's buttons, Complete
// Set); bottom right from tablets up.
const Viewport = styled.div`
  position: fixed;
  z-index: 1000;
  left: ${theme.space.md};
  right: ${theme.space.md};
  top: calc(${theme.space.md} + env(safe-area-inset-top, 0px));
  display: flex;
  justify-content: center;
  pointer-events: none;

  ${theme.media.tablet} {
    top: auto;
    left: auto;
    right: ${theme.space.lg};
    bottom: ${theme.space.lg};
    width: 24rem;
  }
`;

const variantStyles = {
  default: css`
    background: ${theme.colors.surfaceRaised};
    border-color: ${theme.colors.border};
    --toast-icon: ${theme.colors.focus};
  `,
  success: css`
    background: ${theme.colors.surfaceRaised};
    border-color: ${theme.colors.success};
    --toast-icon: ${theme.colors.success};
  `,
  destructive: css`
    background: ${theme.colors.dangerSurface};
    border-color: ${theme.colors.danger};
    --toast-icon: ${theme.colors.dangerText};
  `,
};

const ToastRoot = styled.div<{ $variant: ToastVariant }>`
  pointer-events: auto;
  width: 100%;
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${theme.space.sm};
  align-items: start;
  padding: ${theme.space.md};
  border: 1px solid;
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.card};
  color: ${theme.colors.text};
  animation: ${enter} 180ms ease-out;
  ${({ $variant }) => variantStyles[$variant]}
`;

const Icon = styled.svg`
  color: var(--toast-icon);
  margin-top: 2px;
`;

const Title = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Description = styled.p`
  margin-top: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const Close = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  margin: -6px -6px 0 0;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
    background: rgb(255 255 255 / 0.06);
  }
`;

const iconPaths: Record<ToastVariant, string> = {
  default: 'M12 16v-5M12 8h.01',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  destructive: 'M12 7v6M12 17h.01',
};

/**
 * Shows the one current toast (docs/product-rules.md, "Error messages and toasts"), top centre on phones and bottom
 * right on wider screens. Rendered once by the shell. Its clock stops while the pointer or focus is on it, so nobody
 * loses a message mid-read.
 */
export function Toaster() {
  const { current, dismiss } = useToast();
  if (!current) return null;
  const variant = current.variant ?? 'default';
  const destructive = variant === 'destructive';

  return (
    <Viewport>
      <ToastRoot
        key={current.id}
        $variant={variant}
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic="true"
        onMouseEnter={pauseToast}
        onMouseLeave={resumeToast}
        onFocus={pauseToast}
        onBlur={resumeToast}
      >
        <Icon
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
          <circle cx="12" cy="12" r="10" />
          <path d={iconPaths[variant]} />
        </Icon>
        <div>
          <Title>{current.title}</Title>
          {current.description && <Description>{current.description}</Description>}
        </div>
        <Close type="button" aria-label="Close notification" onClick={dismiss}>
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </Close>
      </ToastRoot>
    </Viewport>
  );
}
