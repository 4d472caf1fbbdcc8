import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { theme } from '../theme';

/** The one corner stack every label goes into (a page can show two remotes: the dashboard and the account panel). */
const STACK_ID = 'hit-build-labels';

// Bottom left: toasts use the top (phones) and the bottom right (tablets up). It takes no clicks, so even where it
// overlaps a control (a phone sheet's bottom button) the control stays usable; above dialogs so it stays visible.
const StackStyle = createGlobalStyle`
  #${STACK_ID} {
    position: fixed;
    z-index: 1100;
    left: calc(env(safe-area-inset-left, 0px) + ${theme.space.xs});
    bottom: calc(env(safe-area-inset-bottom, 0px) + ${theme.space.xs});
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${theme.space.xxs};
    max-width: calc(100vw - 2 * ${theme.space.xs});
    pointer-events: none;
  }
`;

const Note = styled.div`
  max-width: 100%;
  padding: 0.125rem ${theme.space.xs};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  line-height: ${theme.lineHeights.normal};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

function labelStack(): HTMLElement {
  const existing = document.getElementById(STACK_ID);
  if (existing) return existing;
  const stack = document.createElement('div');
  stack.id = STACK_ID;
  document.body.append(stack);
  return stack;
}

export interface BuildLabelProps {
  /** The build's label (BUILD_LABEL at build time, e.g. "Canary 0.2.0"); nothing is shown when it is empty. */
  label: string;
  /** The build's version, kept in `data-remote-version` for whoever inspects the page. */
  version?: string;
}

/**
 * A small, muted note in a corner of the screen naming the build a remote came from, so release engineers see
 * at a glance that a canary or preview build is on screen. Normal builds have no label and show nothing.
 */
export function BuildLabel({ label, version }: BuildLabelProps) {
  const text = label.trim();
  const [stack, setStack] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!text) return undefined;
    const element = labelStack();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the portal's target is a DOM node made here, outside React
    setStack(element);
    return () => {
      // Runs after React removed this label from the stack: the last label out takes the stack with it.
      if (!element.hasChildNodes()) element.remove();
    };
  }, [text]);

  if (!text || !stack) return null;
  return createPortal(
    <>
      <StackStyle />
      <Note role="note" aria-label={`Build: ${text}`} title={`Build: ${text}`} data-remote-version={version}>
        {text}
      </Note>
    </>,
    stack,
  );
}
