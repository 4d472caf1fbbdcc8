import styled from 'styled-components';
import { FeaturesSection } from './FeaturesSection';
import { FinalCallToAction } from './FinalCallToAction';
import { GuidelinesSection } from './GuidelinesSection';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { LogoMark } from './icons';
import { Container } from './layout';
import { LandingLinkContext, type LandingLinkComponent } from './links';
import { SiteHeader } from './SiteHeader';
import { WhyChooseSection } from './WhyChooseSection';
import { theme } from '@hit/ui';

const Footer = styled.footer`
  border-top: 1px solid ${theme.colors.border};
  padding: ${theme.space.xl} 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const FooterInner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const FooterBrand = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.bold};
`;

/**
 * The public landing page (docs/architecture.md, "Landing page"): the first thing a visitor sees, so it is part of the
 * shell, not a remote. The api serves it for `/` as a page of its own (src/landing/), whose links are plain anchors;
 * inside the app the router renders it with `link` = the router's Link.
 */
export function LandingPage({ link }: { link?: LandingLinkComponent }) {
  const page = (
    <>
      <SiteHeader />
      <main>
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <GuidelinesSection />
        <WhyChooseSection />
        <FinalCallToAction />
      </main>
      <Footer>
        <FooterInner>
          <FooterBrand>
            <LogoMark size={22} />
            HIT Tracker
          </FooterBrand>
          <p>Train hard. Rest well. Track every set.</p>
        </FooterInner>
      </Footer>
    </>
  );
  return link ? <LandingLinkContext.Provider value={link}>{page}</LandingLinkContext.Provider> : page;
}
