import type { RestAlertSetting } from '@hit/platform';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

const Root = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  width: 100%;
  text-align: left;
`;

const SwitchButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  width: 100%;
  min-height: ${theme.layout.minTouchTarget};
  padding: ${theme.space.xs} ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  text-align: left;
  cursor: pointer;
  touch-action: manipulation;
  &[aria-disabled='true'] {
    cursor: progress;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Track = styled.span<{ $on: boolean }>`
  position: relative;
  flex: none;
  width: 44px;
  height: 26px;
  border-radius: ${theme.radii.pill};
  border: 2px solid ${theme.colors.textMuted};
  background: ${theme.colors.surfaceRaised};
  transition: background 120ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${theme.colors.textMuted};
    transition: transform 120ms ease;
  }
  ${({ $on }) =>
    $on &&
    css`
      border-color: ${theme.colors.accent};
      background: ${theme.colors.accent};
      &::after {
        background: ${theme.colors.onAccent};
        transform: translateX(18px);
      }
    `}
`;

const Note = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  text-align: left;
`;

/** Empty, it takes no room but stays in the accessibility tree, so what it says next is read out. */
const LiveNote = styled(Note)`
  &:empty {
    position: absolute;
  }
`;

export interface RestAlertSwitchProps {
  setting: RestAlertSetting;
}

/**
 * The rest-over alert's switch (issue #22), from useRestAlertSetting of @hit/platform: the offer as a switch, or the
 * sentence saying why this device cannot have the alert, and why turning it on failed when it did. Nothing while the
 * push client loads.
 */
export function RestAlertSwitch({ setting }: RestAlertSwitchProps) {
  if (setting.status === 'checking') return null;
  if (setting.status === 'unavailable') return <Note data-rest-alert="unavailable">{setting.message}</Note>;
  const { label, on, busy, message, turnOn, turnOff } = setting;
  return (
    <Root>
      <SwitchButton
        type="button"
        role="switch"
        aria-checked={on}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (on) turnOff();
          else turnOn();
        }}
      >
        <Track $on={on} aria-hidden="true" />
        <span>{label}</span>
      </SwitchButton>
      <LiveNote role="status">{message}</LiveNote>
    </Root>
  );
}
