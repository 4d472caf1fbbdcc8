import { useEffect, useRef } from 'react';
import { useLocation } from '@hit/routing';
import styled from 'styled-components';
import { useWorkoutActive } from '@hit/platform';
import { Button, theme } from '@hit/ui';
import { applyUpdate, navigated, useUpdateAvailable } from './appUpdates';

export const NEW_VERSION_TEXT = 'New version available';
export const RELOAD_LABEL = 'Reload';

// Bottom left, clear of the toasts (at the top of the window) and under any dialog.
const Banner = styled.div`
  position: fixed;
  z-index: 900;
  left: ${theme.space.md};
  right: ${theme.space.md};
  bottom: calc(${theme.space.md} + env(safe-area-inset-bottom, 0px));
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.xs} ${theme.space.xs} ${theme.space.xs} ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadows.card};
  font-size: ${theme.fontSizes.sm};

  ${theme.media.tablet} {
    right: auto;
    left: ${theme.space.lg};
    bottom: ${theme.space.lg};
  }
`;

/**
 * "New version available" with a button to reload into it; otherwise the switch happens at the next in-app
 * navigation. Neither while a workout is in progress: the prompt is not even shown then.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const workoutActive = useWorkoutActive();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    navigated();
  }, [pathname]);

  if (!available || workoutActive) return null;
  return (
    <Banner role="status">
      <span>{NEW_VERSION_TEXT}</span>
      <Button size="sm" onClick={applyUpdate}>
        {RELOAD_LABEL}
      </Button>
    </Banner>
  );
}
