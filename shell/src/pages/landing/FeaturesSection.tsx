import type { ComponentType } from 'react';
import styled from 'styled-components';
import { ChartIcon, TargetIcon, TimerIcon, TipIcon, TrendIcon, TrophyIcon } from './icons';
import { Container, Eyebrow, IconTile, Section, SectionIntro, SectionLead, SectionTitle } from './layout';
import { theme } from '@hit/ui';

const features: { Icon: ComponentType; title: string; text: string }[] = [
  {
    Icon: TimerIcon,
    title: 'Rest timers',
    text: 'A 3-minute timer starts after every set. Pause, resume or skip it, and it keeps the right time even when you switch apps.',
  },
  {
    Icon: TipIcon,
    title: 'Coaching tips',
    text: 'Form cues and exercise-specific hints show up while you train, right when they are useful.',
  },
  {
    Icon: ChartIcon,
    title: 'Progress analytics',
    text: 'See your weight progression cycle by cycle and how consistent your reps are, in pounds or kilograms.',
  },
  {
    Icon: TrendIcon,
    title: 'Training recommendations',
    text: 'Too many reps? Add weight. Too few? Take some off. In the 6-10 zone? Keep pushing. Clear advice for every exercise.',
  },
  {
    Icon: TargetIcon,
    title: 'Goal setting',
    text: 'Every working set aims for 6-10 reps to failure, so each session has a clear target to beat.',
  },
  {
    Icon: TrophyIcon,
    title: 'Personal records',
    text: 'Every set is saved as you go, so each new best weight stands out in your history.',
  },
];

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));

  ${theme.media.desktop} {
    gap: ${theme.space.lg};
  }
`;

const FeatureCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  transition:
    border-color 160ms ease,
    transform 160ms ease;

  &:hover {
    border-color: rgb(255 122 47 / 0.45);
    transform: translateY(-2px);
  }
`;

const FeatureTitle = styled.h3`
  margin-top: ${theme.space.xs};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

const FeatureText = styled.p`
  color: ${theme.colors.textMuted};
`;

export function FeaturesSection() {
  return (
    <Section id="features" aria-labelledby="features-title">
      <Container>
        <SectionIntro>
          <Eyebrow>Features</Eyebrow>
          <SectionTitle id="features-title">Everything you need to train with intensity</SectionTitle>
          <SectionLead>
            HIT Tracker runs your workout for you, so all you have to do between sets is breathe.
          </SectionLead>
        </SectionIntro>
        <Grid>
          {features.map(({ Icon, title, text }) => (
            <FeatureCard key={title}>
              <IconTile>
                <Icon />
              </IconTile>
              <FeatureTitle>{title}</FeatureTitle>
              <FeatureText>{text}</FeatureText>
            </FeatureCard>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
