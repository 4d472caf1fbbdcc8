import styled from 'styled-components';
import { formatSigned } from '../logic';
import type { AnalyticsSummary } from './analyticsTypes';
import { theme } from '@hit/ui';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.sm};
  ${theme.media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Tile = styled.li`
  display: flex;
  flex-direction: column-reverse;
  gap: ${theme.space.xxs};
  padding: ${theme.space.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
`;

const Label = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Value = styled.span`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1);
}

/**
 * The four summary tiles (docs/product-rules.md, "Charts and summary"); weights in the selected unit, the change signed
 * with one decimal.
 */
export function SummaryTiles({ summary, unit }: { summary: AnalyticsSummary; unit: string }) {
  const tiles = [
    { label: 'Total Working Sets', value: String(summary.totalWorkingSets) },
    { label: 'Avg Weight', value: `${oneDecimal(summary.avgWeight)} ${unit}` },
    { label: 'Avg Reps', value: oneDecimal(summary.avgReps) },
    {
      label: 'Weight Change',
      value: summary.weightChange === null ? '–' : `${formatSigned(summary.weightChange)} ${unit}`,
    },
  ];
  return (
    <Grid aria-label="Summary">
      {tiles.map((tile) => (
        <Tile key={tile.label} aria-label={`${tile.label}: ${tile.value}`}>
          <Value data-testid={`tile-${tile.label}`}>{tile.value}</Value>
          <Label>{tile.label}</Label>
        </Tile>
      ))}
    </Grid>
  );
}
