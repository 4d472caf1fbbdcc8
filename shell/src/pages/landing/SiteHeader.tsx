import styled from 'styled-components';
import { LogoMark } from './icons';
import { Container } from './layout';
import { LandingLink } from './links';
import { theme } from '@hit/ui';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: rgb(15 18 23 / 0.85);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid rgb(52 60 73 / 0.6);
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 4rem;
`;

const Brand = styled(LandingLink)`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.layout.minTouchTarget};
  gap: ${theme.space.xs};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.black};
  font-size: ${theme.fontSizes.lg};
  letter-spacing: -0.01em;
  text-decoration: none;
  border-radius: ${theme.radii.sm};
`;

const SignIn = styled(LandingLink)`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  &:hover {
    border-color: ${theme.colors.textMuted};
    background: ${theme.colors.surface};
  }
`;

export function SiteHeader() {
  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <LogoMark size={30} />
          HIT Tracker
        </Brand>
        <nav aria-label="Account">
          <SignIn to="/auth">Sign in</SignIn>
        </nav>
      </Inner>
    </Bar>
  );
}
