import styled from 'styled-components';
import { ArrowRightIcon } from './icons';
import { LandingButtonLink } from './links';
import { Container, Section, SectionLead, SectionTitle } from './layout';
import { theme } from '@hit/ui';

const Panel = styled.div`
  position: relative;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xxl} ${theme.space.md};
  text-align: center;
  border-radius: 24px;
  border: 1px solid rgb(255 122 47 / 0.4);
  background: radial-gradient(36rem 18rem at 50% 0%, rgb(255 122 47 / 0.22), transparent 70%), ${theme.colors.surface};

  ${theme.media.tablet} {
    padding: ${theme.space.xxxl} ${theme.space.xxl};
  }
`;

const Lead = styled(SectionLead)`
  max-width: 34rem;
`;

const Action = styled.div`
  margin-top: ${theme.space.xs};
  width: 100%;
  display: flex;
  justify-content: center;
  & > * {
    flex: 0 1 20rem;
    white-space: nowrap;
  }
`;

export function FinalCallToAction() {
  return (
    <Section aria-labelledby="final-cta-title">
      <Container>
        <Panel>
          <SectionTitle id="final-cta-title">Ready for your first session?</SectionTitle>
          <Lead>Start with Day 1 today. Your first 30 days are free, and every feature is yours to try.</Lead>
          <Action>
            <LandingButtonLink to="/auth?mode=signup" size="lg">
              Start Your Free Trial
              <ArrowRightIcon />
            </LandingButtonLink>
          </Action>
        </Panel>
      </Container>
    </Section>
  );
}
