import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AnalyticsIcon, GoalIcon, RestIcon, RoutineIcon } from './icons';
import { theme } from '@hit/ui';

/** The landing page's promise, repeated where the visitor decides. */
export const TRIAL_NOTE = 'No credit card required • Cancel anytime during trial';

const features = [
  {
    icon: <AnalyticsIcon />,
    title: 'Progress Analytics',
    description: 'Charts of every lift across your cycles, and a clear call on when to add weight.',
  },
  {
    icon: <RoutineIcon />,
    title: 'Structured Routines',
    description: '3-day rotating split: chest & back, shoulders & arms, legs & abs, always in order.',
  },
  {
    icon: <RestIcon />,
    title: 'Rest Tracking',
    description: '3-minute timers between sets and a 48-hour recovery guide between workout days.',
  },
  {
    icon: <GoalIcon />,
    title: 'Goal Setting',
    description: 'Set your targets, chase personal records and see every one you beat.',
  },
];

const Panel = styled.aside`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xl};
  padding: ${theme.space.xl} clamp(2rem, 5vw, 4.5rem);

  @media (min-height: 860px) {
    gap: ${theme.space.xxl};
    padding-block: ${theme.space.xxl};
  }
  border-right: 1px solid ${theme.colors.border};
  background:
    radial-gradient(90% 55% at 0% 0%, ${theme.colors.accent}26, transparent 70%),
    linear-gradient(180deg, ${theme.colors.surface}, ${theme.colors.background});
`;

const Pitch = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  margin-top: auto;
`;

const Eyebrow = styled.p`
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

const Headline = styled.h2`
  font-size: clamp(1.75rem, 2.6vw, 2.5rem);
  font-weight: ${theme.fontWeights.black};
  letter-spacing: -0.02em;

  span {
    display: block;
  }
  span + span {
    color: ${theme.colors.accent};
  }
`;

const Lead = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
  max-width: 36ch;
`;

const FeatureList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.lg};
`;

const Feature = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${theme.space.md};
  row-gap: ${theme.space.xxs};
  align-items: start;
`;

const FeatureIcon = styled.span`
  grid-row: span 2;
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.accent}40;
  background: ${theme.colors.accent}1a;
  color: ${theme.colors.accent};
`;

const FeatureTitle = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
  padding-top: 0.1rem;
`;

const FeatureText = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  max-width: 44ch;
`;

const Footnote = styled.p`
  margin-top: auto;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** The desktop side panel: what a member gets, next to the form. */
export function MarketingPanel({ brand }: { brand: ReactNode }) {
  return (
    <Panel aria-labelledby="auth-panel-headline">
      <div>{brand}</div>
      <Pitch>
        <Eyebrow>High-intensity training</Eyebrow>
        <Headline id="auth-panel-headline">
          <span>Every set logged.</span> <span>Every cycle stronger.</span>
        </Headline>
        <Lead>Short, brutal workouts and a tracker that tells you exactly what to lift next.</Lead>
      </Pitch>
      <FeatureList>
        {features.map((feature) => (
          <Feature key={feature.title}>
            <FeatureIcon>{feature.icon}</FeatureIcon>
            <FeatureTitle>{feature.title}</FeatureTitle>
            <FeatureText>{feature.description}</FeatureText>
          </Feature>
        ))}
      </FeatureList>
      <Footnote>{TRIAL_NOTE}</Footnote>
    </Panel>
  );
}
