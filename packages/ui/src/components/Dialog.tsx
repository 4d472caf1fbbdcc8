import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { theme } from '../theme';
import { TOAST_ROOM } from './Toaster';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

// Open dialogs, newest last: only the top one traps focus and answers Escape (a dialog opened from a dialog).
const openDialogs: HTMLElement[] = [];
let bodyOverflowBefore = '';

function pushDialog(panel: HTMLElement) {
  if (openDialogs.length === 0) {
    bodyOverflowBefore = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openDialogs.push(panel);
}

function popDialog(panel: HTMLElement) {
  const index = openDialogs.indexOf(panel);
  if (index !== -1) openDialogs.splice(index, 1);
  if (openDialogs.length === 0) document.body.style.overflow = bodyOverflowBefore;
}

const fadeIn = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.98); }`;

/** How long the fade-out of a closing dialog takes. */
export const DIALOG_FADE_OUT_MS = 300;

const Backdrop = styled.div<{ $closing: boolean }>`
  position: fixed;
  inset: 0;
  /* Below a toast, which makes room for itself at the top of the window: it never lies over a dialog's controls. A
     border, not an offset, so the strip beside the toast is dimmed and a click there still closes the dialog. */
  border-top: ${TOAST_ROOM} solid transparent;
  z-index: 900;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space.md};
  overflow-y: auto;
  /* Dimmed, not blurred: a backdrop-filter made the frame that opens a dialog 20-40 ms longer on a CPU-rendered
     page (Lighthouse TBT on /home, where the welcome dialog opens; issue #21). */
  background: rgb(5 7 10 / 0.74);
  animation: ${fadeIn} 160ms ease-out;
  transition: opacity ${DIALOG_FADE_OUT_MS}ms ease;
  ${({ $closing }) =>
    $closing &&
    css`
      opacity: 0;
      pointer-events: none;
    `}
`;

const widths = { sm: '26rem', md: '32rem', lg: '40rem' };
export type DialogSize = keyof typeof widths;

const Panel = styled.div<{ $size: DialogSize }>`
  position: relative;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  /* A dialog taller than the window scrolls inside, still centred (the account panel on a short laptop screen). */
  max-height: calc(100dvh - ${TOAST_ROOM} - 2 * ${theme.space.md});
  overflow-y: auto;
  margin: auto;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: 0 24px 64px rgb(0 0 0 / 0.55);
  animation: ${rise} 200ms ease-out;

  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Header = styled.div<{ $withClose: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding-right: ${({ $withClose }) => ($withClose ? '2.5rem' : '0')};
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const Description = styled.div`
  color: ${theme.colors.textMuted};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const CloseButton = styled.button`
  position: absolute;
  top: ${theme.space.xs};
  right: ${theme.space.xs};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${theme.layout.minTouchTarget};
  height: ${theme.layout.minTouchTarget};
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
    background: ${theme.colors.surfaceRaised};
  }
`;

/** The row of buttons at the foot of a dialog: stacked full width on phones, right-aligned from tablets up. */
export const DialogActions = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xs};

  & > * {
    width: 100%;
  }

  ${theme.media.tablet} {
    flex-direction: row;
    justify-content: flex-end;
    & > * {
      width: auto;
    }
  }
`;

export interface DialogProps {
  open: boolean;
  /** Called with `false` when the user closes it (Escape, a click outside, the close button). */
  onOpenChange: (open: boolean) => void;
  /** Shown as the heading and names the dialog. Leave it out only when `labelledBy` names a heading inside. */
  title?: ReactNode;
  /** The id of a heading inside `children` that names the dialog (e.g. an UpgradePrompt's title). */
  labelledBy?: string;
  description?: ReactNode;
  children?: ReactNode;
  /** false: only the dialog's own buttons close it (no Escape, outside click or close button). */
  dismissible?: boolean;
  /** Fading out before it goes: still shown, no longer interactive. */
  closing?: boolean;
  /** What gets focus on open; else the first control in the content, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: DialogSize;
}

/**
 * A modal dialog (docs/architecture.md, "Front-end rules"): rendered over the page in document.body, named by its
 * title, focus kept inside while open and given back to whatever had it before, Escape and a click outside close it
 * unless it is not dismissible.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  labelledBy,
  description,
  children,
  dismissible = true,
  closing = false,
  initialFocusRef,
  size = 'sm',
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  // Read when the dialog opens, so the effect below runs once per opening.
  const initialFocus = useEffectEvent(() => initialFocusRef?.current);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushDialog(panel);

    const first = initialFocus() ?? (contentRef.current && focusableIn(contentRef.current)[0]) ?? panel;
    first.focus();

    // Focus that lands outside the top dialog (a click on the page behind, a screen reader) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('focusin', keepFocusInside);

    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      popDialog(panel);
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const close = () => {
    if (dismissible && !closing) onOpenChange(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Handled here: a dialog underneath (an ancestor in React's tree) must not close as well.
      event.stopPropagation();
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const panel = panelRef.current!;
    const focusable = focusableIn(panel);
    if (focusable.length === 0) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const firstItem = focusable[0];
    const lastItem = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === firstItem || active === panel)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && active === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  // A click outside: pressed and released on the backdrop itself (not a text selection that ended there).
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) close();
    pressStartedOnBackdrop.current = false;
  };

  const showClose = dismissible;

  return createPortal(
    <Backdrop $closing={closing} onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : labelledBy}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $size={size}
        onKeyDown={onKeyDown}
      >
        {(title || description) && (
          <Header $withClose={showClose}>
            {title && <Title id={titleId}>{title}</Title>}
            {description && <Description id={descriptionId}>{description}</Description>}
          </Header>
        )}
        <Content ref={contentRef}>{children}</Content>
        {showClose && (
          <CloseButton type="button" aria-label="Close" onClick={close}>
            <svg
              width="20"
              height="20"
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
          </CloseButton>
        )}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
