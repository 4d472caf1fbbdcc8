import { useId } from 'react';
import styled from 'styled-components';
import type { ChartMeasure } from './WeightProgressionChart';
import { theme } from '@hit/ui';

const OPTIONS: { value: ChartMeasure; label: string }[] = [
  { value: 'weight', label: 'Weight' },
  { value: 'estimate', label: 'Estimated 1RM' },
];

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
`;

const Label = styled.span`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const Segments = styled.div`
  display: inline-flex;
  padding: 2px;
  gap: 2px;
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const Segment = styled.button`
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  border: 0;
  border-radius: ${theme.radii.sm};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
  background: transparent;
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${theme.colors.onAccent};
    background: ${theme.colors.accent};
  }
  &:hover:not([aria-pressed='true']) {
    color: ${theme.colors.text};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The Weight Progression chart's choice: each cycle's weight, or its best estimated 1RM. */
export function ChartMeasureToggle({
  measure,
  onChange,
}: {
  measure: ChartMeasure;
  onChange: (measure: ChartMeasure) => void;
}) {
  const labelId = useId();
  return (
    <Row>
      <Label id={labelId}>Chart shows</Label>
      <Segments role="group" aria-labelledby={labelId}>
        {OPTIONS.map((option) => (
          <Segment
            key={option.value}
            type="button"
            aria-pressed={measure === option.value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Segment>
        ))}
      </Segments>
    </Row>
  );
}
