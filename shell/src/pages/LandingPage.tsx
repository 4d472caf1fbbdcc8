import { Navigate } from 'react-router-dom';
import { useUser } from '@hit/platform';
import { ButtonLink, PageContainer, Spinner } from '@hit/ui';
import styled from 'styled-components';

// Placeholder landing: the headline and the way in. The feature, how-it-works and 'Why Choose' sections
// come with the full landing page.

const Hero = styled.section`
  min-height: 80vh;
  display: flex;
  flex-direction: column;
  justify-content: center;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xxl} 0;
`;

const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.12em;
  text-transform: uppercase;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Headline = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.black};
  max-width: 18ch;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fontSizes.xxxl};
  }
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  max-width: 40ch;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function LandingPage() {
  const { data: user, isPending } = useUser();

  if (isPending) return <Spinner page />;
  if (user) return <Navigate to="/home" replace />;

  return (
    <PageContainer>
      <Hero>
        <Eyebrow>HIT Tracker</Eyebrow>
        <Headline>High-Intensity Training Workout Tracker</Headline>
        <Lead>
          A 3-day rotating routine, set-by-set logging, rest timers and progress analytics that tell you when to
          add weight.
        </Lead>
        <ButtonLink to="/auth" size="lg">
          Start Your Free Trial
        </ButtonLink>
        <Note>No credit card required • Cancel anytime during trial</Note>
      </Hero>
    </PageContainer>
  );
}
