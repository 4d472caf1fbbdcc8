import styled from 'styled-components';
import { ArrowRightIcon, CheckIcon, TrendIcon } from './icons';
import { LandingButtonLink } from './links';
import { Container } from './layout';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space.xxl} 0 ${({ theme }) => theme.space.xxxl};
  /* A warm glow behind the headline and a faint training-log grid: depth without an image to download. */
  background:
    radial-gradient(60rem 30rem at 15% -10%, rgb(255 122 47 / 0.16), transparent 60%),
    radial-gradient(40rem 24rem at 95% 20%, rgb(143 199 255 / 0.07), transparent 60%);

  ${({ theme }) => theme.media.desktop} {
    padding: 4rem 0 5rem;
  }
`;

const Layout = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xxl};
  align-items: center;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 0.8fr);
    gap: ${({ theme }) => theme.space.xxl};
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.lg};
`;

const Pill = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: 1px solid rgb(255 122 47 / 0.35);
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Headline = styled.h1`
  font-size: clamp(2.25rem, 1.5rem + 3.4vw, 3.75rem);
  font-weight: ${({ theme }) => theme.fontWeights.black};
  line-height: 1.04;
  letter-spacing: -0.035em;
  text-wrap: balance;
`;

/** The product words on a line of their own, in the accent colour. */
const Highlight = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.accent};
`;

const Lead = styled.p`
  max-width: 34rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: clamp(1.075rem, 1rem + 0.4vw, 1.25rem);
  text-wrap: pretty;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;

  & > * {
    flex: 1 1 14rem;
    white-space: nowrap;
  }
  ${({ theme }) => theme.media.tablet} {
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
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
    background: rgb(255 255 255 / 0.03);
  }
`;

const TrialNote = styled.p`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg {
    color: ${({ theme }) => theme.colors.success};
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
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 24px;
  box-shadow:
    0 30px 80px rgb(0 0 0 / 0.55),
    0 0 0 6px rgb(255 255 255 / 0.025);
  padding: ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space.lg};
  }
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const PreviewTop = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const DayName = styled.div`
  font-weight: ${({ theme }) => theme.fontWeights.black};
  font-size: ${({ theme }) => theme.fontSizes.md};
  white-space: nowrap;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Muted = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Chip = styled.span`
  padding: 2px ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  white-space: nowrap;
`;

const Bar = styled.div`
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  &::after {
    content: '';
    display: block;
    width: 58%;
    height: 100%;
    border-radius: inherit;
    background: linear-gradient(
      90deg,
      ${({ theme }) => theme.colors.accent},
      ${({ theme }) => theme.colors.accentHover}
    );
  }
`;

const Exercise = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  padding: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const SetRow = styled.div<{ $state: 'done' | 'active' }>`
  display: grid;
  grid-template-columns: 1fr auto 28px;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ $state, theme }) => ($state === 'active' ? theme.colors.accentSoft : theme.colors.surface)};
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
  background: ${({ $done, theme }) => ($done ? theme.colors.success : 'transparent')};
  border: 2px solid ${({ $done, theme }) => ($done ? theme.colors.success : theme.colors.accent)};
  color: ${({ theme }) => theme.colors.background};
`;

const Timer = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Ring = styled.div`
  position: relative;
  flex: none;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: conic-gradient(
    ${({ theme }) => theme.colors.accent} 0 78%,
    ${({ theme }) => theme.colors.border} 78% 100%
  );
  display: grid;
  place-items: center;
  &::before {
    content: '';
    position: absolute;
    inset: 6px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  span {
    position: relative;
    font-weight: ${({ theme }) => theme.fontWeights.black};
    font-variant-numeric: tabular-nums;
  }
`;

const Floating = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.md};
  bottom: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 16rem;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.success};
  box-shadow: 0 16px 40px rgb(0 0 0 / 0.5);
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg {
    color: ${({ theme }) => theme.colors.success};
    flex: none;
  }
  strong {
    display: block;
  }

  ${({ theme }) => theme.media.desktop} {
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
