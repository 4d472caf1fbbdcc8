import { useLayoutEffect, useRef } from 'react';
import { pauseToast, resumeToast, useToast, type ToastVariant } from '@hit/platform';
import styled, { css, keyframes } from 'styled-components';
import { theme } from '../theme';

/**
 * The height the toast on screen takes at the top of the window (0px without one). The page moves down by it; a layer
 * fixed at the top of the screen starts below it (a dialog's backdrop), and a sticky header reaches up under it (the
 * workout header), so a toast never lies over a control (docs/architecture.md, "Front-end rules").
 */
export const TOAST_ROOM = 'var(--hit-toast-room, 0px)';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-12px); }
  to { opacity: 1; transform: none; }
`;

// At the top of the window at every size, in room the page makes for it (useToastRoom): floating over the page, it
// covered the workout header on phones, the account panel's close button and, bottom right, the tip card's Dismiss.
const Viewport = styled.div`
  position: fixed;
  z-index: 1000;
  left: ${theme.space.xs};
  right: ${theme.space.xs};
  top: calc(${theme.space.xs} + env(safe-area-inset-top, 0px));
  max-width: 32rem;
  margin: 0 auto;
  pointer-events: none;
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
  /* minmax(0, ...): a long word (an e-mail address) wraps inside the toast instead of widening it. */
  grid-template-columns: auto minmax(0, 1fr) auto;
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

const Messages = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  overflow-wrap: anywhere;
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
  width: ${theme.layout.minTouchTarget};
  height: ${theme.layout.minTouchTarget};
  margin: -12px -12px -12px 0;
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

/** Between the toast and the page below it. */
const ROOM_GAP_PX = 8;

/**
 * While a toast shows, the page (and every layer that uses TOAST_ROOM) starts below it, measured before the first
 * paint and again whenever its size changes (a wrapped line, a rotated phone). Scroll anchoring is off meanwhile, or
 * the browser would scroll the page back up under the toast to keep what was on screen in place.
 */
function useToastRoom(shown: boolean) {
  const viewport = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const { body } = document;
    const measure = () =>
      root.style.setProperty(
        '--hit-toast-room',
        `${Math.ceil(element.getBoundingClientRect().bottom + ROOM_GAP_PX)}px`,
      );
    measure();
    root.style.overflowAnchor = 'none';
    body.style.overflowAnchor = 'none';
    body.style.paddingTop = TOAST_ROOM;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--hit-toast-room');
      root.style.removeProperty('overflow-anchor');
      body.style.removeProperty('overflow-anchor');
      body.style.removeProperty('padding-top');
    };
  }, [shown]);
  return viewport;
}

/**
 * Shows the one current toast (docs/product-rules.md, "Error messages and toasts") at the top of the window, with the
 * page moved down below it. Rendered once by the shell. Its clock stops while the pointer or focus is on it, so
 * nobody loses a message mid-read.
 */
export function Toaster() {
  const { current, dismiss } = useToast();
  const viewport = useToastRoom(current !== null);
  if (!current) return null;
  const variant = current.variant ?? 'default';
  const destructive = variant === 'destructive';

  return (
    <Viewport ref={viewport}>
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
        <Messages>
          {current.messages.map((message, index) => (
            <div key={index}>
              <Title>{message.title}</Title>
              {message.description && <Description>{message.description}</Description>}
            </div>
          ))}
        </Messages>
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
