import styled from 'styled-components';
import { Badge, type BadgeVariant, theme } from '@hit/ui';
import type { Recommendation } from './analyticsTypes';
import { Message } from './chartParts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;

const Item = styled.li`
  display: flex;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  min-width: 0;
`;

const Icon = styled.span`
  flex: none;
  font-size: ${theme.fontSizes.lg};
  line-height: 1.2;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
  font-weight: ${theme.fontWeights.bold};
`;

const Detail = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const ICONS: Record<string, string> = { 'trending-up': '↑', 'trending-down': '↓', check: '✓' };
const ICON_COLORS: Record<string, string> = { 'trending-up': '#3ecf8e', 'trending-down': '#f5b83d', check: '#8fc7ff' };
const PRIORITY_LABEL: Record<string, string> = { high: 'High priority', medium: 'Medium priority', good: 'On track' };
const PRIORITY_VARIANT: Record<string, BadgeVariant> = { high: 'warning', medium: 'accent', good: 'success' };

/** The Training Recommendations list (docs/product-rules.md, "Recommendations"). */
export function Recommendations({ items, unit }: { items: Recommendation[]; unit: string }) {
  if (items.length === 0) return <Message>No recommendations yet</Message>;
  return (
    <List>
      {items.map((rec) => (
        <Item key={rec.exerciseId}>
          <Icon aria-hidden="true" style={{ color: ICON_COLORS[rec.icon] }}>
            {ICONS[rec.icon] ?? '•'}
          </Icon>
          <Body>
            <Head>
              <span>{rec.exercise}</span>
              <Badge variant={PRIORITY_VARIANT[rec.priority] ?? 'neutral'}>
                {PRIORITY_LABEL[rec.priority] ?? rec.priority}
              </Badge>
            </Head>
            <p>{rec.message}</p>
            <Detail>{rec.detail}</Detail>
            <Detail>
              Last: {rec.currentWeight} {unit} × {rec.currentReps} reps
            </Detail>
          </Body>
        </Item>
      ))}
    </List>
  );
}
