import { useMemo } from 'react';
import styled from 'styled-components';
import { barSetupFor, plateLine, type Unit } from '@hit/contracts/rules';
import { usePlateSettings } from '../hooks/plateSettings';
import { theme } from '@hit/ui';

const Line = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  /* Empty, it takes no room in the form's grid but stays in the accessibility tree, so its first line is read out. */
  &:empty {
    position: absolute;
  }
`;

interface PlateLineProps {
  /** Named by the weight input's aria-describedby. */
  id: string;
  exerciseId: number;
  /** The weight typed, parsed; 0 when there is none. */
  weight: number;
  unit: Unit;
  /** Above this the weight is refused anyway: no plates to suggest. */
  maxWeight: number;
}

/**
 * Under the weight of a plate-loaded exercise (docs/product-rules.md, "Plate math"): the plates per side for the
 * weight typed, or the nearest weights the lifter's plates can make. Read out as it changes; empty without a weight.
 */
export function PlateLine({ id, exerciseId, weight, unit, maxWeight }: PlateLineProps) {
  const settings = usePlateSettings();
  const line = useMemo(() => {
    const setup = barSetupFor(settings, exerciseId, unit);
    return setup && weight > 0 && weight <= maxWeight ? plateLine(weight, setup) : '';
  }, [settings, exerciseId, unit, weight, maxWeight]);
  return (
    <Line id={id} aria-live="polite">
      {line}
    </Line>
  );
}
