import styled from 'styled-components';
import { theme } from '@hit/ui';

/** One column on phones, two side by side from tablets up: the screen's selectors and the goal form's fields. */
export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.sm};
  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A label over a native select (a touch target high), with its error line when it has one. */
export const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  min-width: 0;
  label {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  select {
    width: 100%;
    min-height: ${theme.layout.minTouchTarget};
    padding: 0 ${theme.space.sm};
    font: inherit;
    color: ${theme.colors.text};
    background: ${theme.colors.surfaceRaised};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
  }
  select:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  select[aria-invalid='true'] {
    border-color: ${theme.colors.dangerText};
  }
  p {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.dangerText};
    font-weight: ${theme.fontWeights.medium};
  }
`;
