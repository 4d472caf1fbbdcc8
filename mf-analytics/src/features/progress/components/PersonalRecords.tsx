import styled from 'styled-components';
import { formatDate } from '../logic';
import type { ExerciseRecord } from './analyticsTypes';
import { Message } from './chartParts';
import { theme } from '@hit/ui';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.sm};
  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Name = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xs};
  margin: 0;
  dt {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Value = styled.span`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

const Detail = styled.span`
  display: block;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/**
 * Personal Records (docs/product-rules.md, "Personal records"): per exercise the heaviest working set and the best
 * estimated one-rep max, with the date of each, in the selected unit.
 */
export function PersonalRecords({ records, unit }: { records: ExerciseRecord[]; unit: string }) {
  if (records.length === 0) return <Message>No records yet</Message>;
  return (
    <List>
      {records.map(({ exerciseId, exerciseName, heaviest, bestEstimate }) => (
        <Item key={exerciseId} data-testid={`records-${exerciseId}`}>
          <Name>{exerciseName}</Name>
          <Facts>
            <div>
              <dt>Heaviest set</dt>
              <dd>
                <Value>
                  {heaviest.weight} {unit} × {heaviest.reps}
                </Value>
                <Detail>{formatDate(heaviest.date)}</Detail>
              </dd>
            </div>
            <div>
              <dt>Estimated 1RM</dt>
              <dd>
                <Value>
                  {bestEstimate.estimate} {unit}
                </Value>
                <Detail>
                  from {bestEstimate.weight} {unit} × {bestEstimate.reps}, {formatDate(bestEstimate.date)}
                </Detail>
              </dd>
            </div>
          </Facts>
        </Item>
      ))}
    </List>
  );
}
