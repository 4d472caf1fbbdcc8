import styled from 'styled-components';

/** Centred content column shared by every landing section. */
export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.tablet} {
    padding: 0 ${({ theme }) => theme.space.xl};
  }
`;

export const Section = styled.section`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  /* In-page links land below the sticky header. */
  scroll-margin-top: 4rem;

  ${({ theme }) => theme.media.desktop} {
    padding: 6rem 0;
  }
`;

export const SectionIntro = styled.div<{ $center?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 40rem;
  margin: 0 ${({ $center }) => ($center ? 'auto' : '0')} ${({ theme }) => theme.space.xl};
  text-align: ${({ $center }) => ($center ? 'center' : 'left')};

  ${({ theme }) => theme.media.desktop} {
    margin-bottom: ${({ theme }) => theme.space.xxl};
  }
`;

export const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

export const SectionTitle = styled.h2`
  font-size: clamp(1.75rem, 1.2rem + 2vw, 2.5rem);
  font-weight: ${({ theme }) => theme.fontWeights.black};
  letter-spacing: -0.02em;
  text-wrap: balance;
`;

export const SectionLead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
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
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  border: 1px solid rgb(255 122 47 / 0.25);
`;
