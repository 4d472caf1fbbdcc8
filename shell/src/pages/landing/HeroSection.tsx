import styled from 'styled-components';
import { ArrowRightIcon, CheckIcon, TrendIcon } from './icons';
import { LandingButtonLink } from './links';
import { Container } from './layout';
import { theme } from '@hit/ui';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  padding: ${theme.space.xxl} 0 ${theme.space.xxxl};
  /* A warm glow behind the headline and a faint training-log grid: depth without an image to download. */
  background:
    radial-gradient(60rem 30rem at 15% -10%, rgb(255 122 47 / 0.16), transparent 60%),
    radial-gradient(40rem 24rem at 95% 20%, rgb(143 199 255 / 0.07), transparent 60%);

  ${theme.media.desktop} {
    padding: 4rem 0 5rem;
  }
`;

const Layout = styled(Container)`
  display: grid;
  gap: ${theme.space.xxl};
  align-items: center;

  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 0.8fr);
    gap: ${theme.space.xxl};
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space.lg};
`;

const Pill = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  padding: ${theme.space.xxs} ${theme.space.sm};
  border: 1px solid rgb(255 122 47 / 0.35);
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
`;

const Headline = styled.h1`
  font-size: clamp(2.25rem, 1.5rem + 3.4vw, 3.75rem);
  font-weight: ${theme.fontWeights.black};
  line-height: 1.04;
  letter-spacing: -0.035em;
  text-wrap: balance;
`;

/** The product words on a line of their own, in the accent colour. */
const Highlight = styled.span`
  display: block;
  color: ${theme.colors.accent};
`;

const Lead = styled.p`
  max-width: 34rem;
  color: ${theme.colors.textMuted};
  font-size: clamp(1.075rem, 1rem + 0.4vw, 1.25rem);
  text-wrap: pretty;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  width: 100%;

  & > * {
    flex: 1 1 14rem;
    white-space: nowrap;
  }
  ${theme.media.tablet} {
    width: auto;
    & > * {
      flex: 0 0 auto;
    }
  }
`;

const SecondaryAction = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: 0 ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  &:hover {
    border-color: ${theme.colors.textMuted};
    background: rgb(255 255 255 / 0.03);
  }
`;

const TrialNote = styled.p`
  display: inline-flex;
  align-items: flex-start;
  gap: ${theme.space.xs};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  svg {
    color: ${theme.colors.success};
    flex: none;
    margin-top: 1px;
  }
`;

// ---- The product preview: an active workout drawn in HTML/CSS, decorative (aria-hidden). ----

const Preview = styled.div`
  position: relative;
  width: 100%;
  max-width: 27rem;
  justify-self: center;
  /* Room below the phone for the recommendation card, so it covers none of the workout. */
  padding-bottom: 4rem;
`;

const Phone = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: 24px;
  box-shadow:
    0 30px 80px rgb(0 0 0 / 0.55),
    0 0 0 6px rgb(255 255 255 / 0.025);
  padding: ${theme.space.md};

  ${theme.media.tablet} {
    padding: ${theme.space.lg};
  }
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const PreviewTop = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${theme.space.sm};
`;

const DayName = styled.div`
  font-weight: ${theme.fontWeights.black};
  font-size: ${theme.fontSizes.md};
  white-space: nowrap;

  ${theme.media.tablet} {
    font-size: ${theme.fontSizes.lg};
  }
`;

const Muted = styled.div`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Chip = styled.span`
  padding: 2px ${theme.space.xs};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  white-space: nowrap;
`;

const Bar = styled.div`
  height: 6px;
  border-radius: 3px;
  background: ${theme.colors.surfaceRaised};
  &::after {
    content: '';
    display: block;
    width: 58%;
    height: 100%;
    border-radius: inherit;
    background: linear-gradient(90deg, ${theme.colors.accent}, ${theme.colors.accentHover});
  }
`;

const Exercise = styled.div`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  padding: ${theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const SetRow = styled.div<{ $state: 'done' | 'active' }>`
  display: grid;
  grid-template-columns: 1fr auto 28px;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.sm};
  background: ${({ $state }) => ($state === 'active' ? theme.colors.accentSoft : theme.colors.surface)};
  border: 1px solid ${({ $state }) => ($state === 'active' ? 'rgb(255 122 47 / 0.45)' : 'transparent')};
  font-variant-numeric: tabular-nums;
`;

const SetTick = styled.span<{ $done: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${({ $done }) => ($done ? theme.colors.success : 'transparent')};
  border: 2px solid ${({ $done }) => ($done ? theme.colors.success : theme.colors.accent)};
  color: ${theme.colors.background};
`;

const Timer = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
`;

const Ring = styled.div`
  position: relative;
  flex: none;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: conic-gradient(${theme.colors.accent} 0 78%, ${theme.colors.border} 78% 100%);
  display: grid;
  place-items: center;
  &::before {
    content: '';
    position: absolute;
    inset: 6px;
    border-radius: 50%;
    background: ${theme.colors.surfaceRaised};
  }
  span {
    position: relative;
    font-weight: ${theme.fontWeights.black};
    font-variant-numeric: tabular-nums;
  }
`;

const Floating = styled.div`
  position: absolute;
  right: ${theme.space.md};
  bottom: 0;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  max-width: 16rem;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.success};
  box-shadow: 0 16px 40px rgb(0 0 0 / 0.5);
  font-size: ${theme.fontSizes.sm};
  svg {
    color: ${theme.colors.success};
    flex: none;
  }
  strong {
    display: block;
  }

  ${theme.media.desktop} {
    right: -1.5rem;
  }
`;

function WorkoutPreview() {
  return (
    <Preview aria-hidden="true">
      <Phone>
        <PreviewTop>
          <div>
            <DayName>Day 1 · Chest &amp; Back</DayName>
            <Muted>Exercise 1 of 4 · 2 of 12 sets</Muted>
          </div>
          <Chip>Cycle 3</Chip>
        </PreviewTop>
        <Bar />
        <Exercise>
          <PreviewTop>
            <strong>Incline Press</strong>
            <Muted>lbs</Muted>
          </PreviewTop>
          <SetRow $state="done">
            <span>Warm-up 1</span>
            <span>95 × 10</span>
            <SetTick $done>
              <CheckIcon size={14} />
            </SetTick>
          </SetRow>
          <SetRow $state="done">
            <span>Warm-up 2</span>
            <span>135 × 6</span>
            <SetTick $done>
              <CheckIcon size={14} />
            </SetTick>
          </SetRow>
          <SetRow $state="active">
            <span>
              <strong>Working set</strong>
            </span>
            <span>185 × ?</span>
            <SetTick $done={false} />
          </SetRow>
        </Exercise>
        <Timer>
          <Ring>
            <span>2:21</span>
          </Ring>
          <div>
            <strong>Rest</strong>
            <Muted>Next up: your working set. Take it to failure.</Muted>
          </div>
        </Timer>
      </Phone>
      <Floating>
        <TrendIcon />
        <div>
          <strong>Add 5-10 lbs</strong>
          <Muted>12 reps last time: time to go heavier</Muted>
        </div>
      </Floating>
    </Preview>
  );
}

export function HeroSection() {
  return (
    <Hero aria-labelledby="landing-title">
      <Layout>
        <Copy>
          <Pill>3-day high-intensity routine</Pill>
          <Headline id="landing-title">
            High-Intensity Training <Highlight>Workout Tracker</Highlight>
          </Headline>
          <Lead>
            Short, all-out workouts that build real strength. Follow a proven 3-day routine, log every set, rest on a
            timer and see exactly when to add weight.
          </Lead>
          <Actions>
            <LandingButtonLink to="/auth?mode=signup" size="lg">
              Start Your Free Trial
              <ArrowRightIcon />
            </LandingButtonLink>
            <SecondaryAction href="#how-it-works">See how it works</SecondaryAction>
          </Actions>
          <TrialNote>
            <CheckIcon size={18} />
            No credit card required • Cancel anytime during trial
          </TrialNote>
        </Copy>
        <WorkoutPreview />
      </Layout>
    </Hero>
  );
}
