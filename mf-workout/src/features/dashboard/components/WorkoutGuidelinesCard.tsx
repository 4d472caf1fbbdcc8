import type { ComponentType } from 'react';
import { Card, theme } from '@hit/ui';
import styled from 'styled-components';
import { DumbbellIcon, FlameIcon, ListOrderIcon, MoonIcon, TimerIcon, WarmupIcon } from './icons';

/** The guidelines shown to users (docs/product-rules.md, "Screens and routes"). */
const GUIDELINES: { icon: ComponentType; rule: string; detail: string }[] = [
  {
    icon: DumbbellIcon,
    rule: '6-10 reps per set',
    detail: 'Choose a weight you can lift at least 6 times but no more than 10.',
  },
  {
    icon: WarmupIcon,
    rule: 'Light warm-up sets',
    detail: 'Two light sets prepare the muscles and rehearse the movement.',
  },
  {
    icon: FlameIcon,
    rule: 'Working sets to muscular fatigue',
    detail: 'Keep going until you cannot complete another rep with good form.',
  },
  {
    icon: TimerIcon,
    rule: '3 minutes rest between exercises',
    detail: 'The rest timer counts it down for you.',
  },
  {
    icon: MoonIcon,
    rule: '48 hours rest between days',
    detail: 'Recommended but not required: muscles grow while they recover.',
  },
  {
    icon: ListOrderIcon,
    rule: 'Exercises done in order',
    detail: 'Work through each day’s exercises in the order listed.',
  },
];

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};

  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-start;
`;

const IconBox = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
`;

const Rule = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Detail = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

export function WorkoutGuidelinesCard() {
  return (
    <Card title="Workout Guidelines">
      <List>
        {GUIDELINES.map(({ icon: Icon, rule, detail }) => (
          <Item key={rule}>
            <IconBox>
              <Icon />
            </IconBox>
            <div>
              <Rule>{rule}</Rule>
              <Detail>{detail}</Detail>
            </div>
          </Item>
        ))}
      </List>
    </Card>
  );
}
