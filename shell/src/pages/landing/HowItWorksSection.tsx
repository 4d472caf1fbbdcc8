import styled from 'styled-components';
import { Container, Eyebrow, Section, SectionIntro, SectionLead, SectionTitle } from './layout';
import { theme } from '@hit/ui';

const routine = [
  { day: 'Day 1', muscles: 'Chest & back' },
  { day: 'Day 2', muscles: 'Shoulders & arms' },
  { day: 'Day 3', muscles: 'Legs & abs' },
];

const Band = styled(Section)`
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.md};
  counter-reset: step;

  ${theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${theme.space.lg};
  }
`;

const Step = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
  counter-increment: step;

  &::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    font-weight: ${theme.fontWeights.black};
    font-size: ${theme.fontSizes.lg};
  }
`;

const StepTitle = styled.h3`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const StepText = styled.p`
  color: ${theme.colors.textMuted};
`;

const Days = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const DayRow = styled.li`
  display: flex;
  align-items: baseline;
  gap: ${theme.space.sm};
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};

  strong {
    min-width: 3.25rem;
    color: ${theme.colors.accent};
  }
`;

export function HowItWorksSection() {
  return (
    <Band id="how-it-works" aria-labelledby="how-it-works-title">
      <Container>
        <SectionIntro>
          <Eyebrow>Three steps</Eyebrow>
          <SectionTitle id="how-it-works-title">How it works</SectionTitle>
          <SectionLead>From sign-up to your first working set in a few minutes.</SectionLead>
        </SectionIntro>
        <Steps>
          <Step>
            <StepTitle>Sign up</StepTitle>
            <StepText>
              Create your account with your e-mail. Your 30-day free trial starts right away, with every feature
              included.
            </StepText>
          </Step>
          <Step>
            <StepTitle>Follow the 3-day routine</StepTitle>
            <StepText>Light warm-ups, then one working set to failure, exercise by exercise.</StepText>
            <Days>
              {routine.map(({ day, muscles }) => (
                <DayRow key={day}>
                  <strong>{day}</strong>
                  <span>{muscles}</span>
                </DayRow>
              ))}
            </Days>
          </Step>
          <Step>
            <StepTitle>Track and progress</StepTitle>
            <StepText>
              Log weight and reps set by set. Your analytics show the trend and tell you when it&apos;s time to go
              heavier.
            </StepText>
          </Step>
        </Steps>
      </Container>
    </Band>
  );
}
