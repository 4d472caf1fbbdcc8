import styled from 'styled-components';
import { theme } from '@hit/ui';

/** Centred content column shared by every landing section. */
export const Container = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${theme.space.md};

  ${theme.media.tablet} {
    padding: 0 ${theme.space.xl};
  }
`;

export const Section = styled.section`
  padding: ${theme.space.xxxl} 0;
  /* In-page links land below the sticky header. */
  scroll-margin-top: 4rem;

  ${theme.media.desktop} {
    padding: 6rem 0;
  }
`;

export const SectionIntro = styled.div<{ $center?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  max-width: 40rem;
  margin: 0 ${({ $center }) => ($center ? 'auto' : '0')} ${theme.space.xl};
  text-align: ${({ $center }) => ($center ? 'center' : 'left')};

  ${theme.media.desktop} {
    margin-bottom: ${theme.space.xxl};
  }
`;

export const Eyebrow = styled.p`
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

export const SectionTitle = styled.h2`
  font-size: clamp(1.75rem, 1.2rem + 2vw, 2.5rem);
  font-weight: ${theme.fontWeights.black};
  letter-spacing: -0.02em;
  text-wrap: balance;
`;

export const SectionLead = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
  text-wrap: pretty;
`;

/** The accent-tinted square an icon sits on. */
export const IconTile = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  border: 1px solid rgb(255 122 47 / 0.25);
`;
