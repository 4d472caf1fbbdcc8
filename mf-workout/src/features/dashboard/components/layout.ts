import styled from 'styled-components';

/** The one card that says what to do now (start or resume), drawn in the accent colour. */
export const HeroCard = styled.section`
  position: relative;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.lg};
  background:
    radial-gradient(120% 140% at 100% 0%, ${({ theme }) => theme.colors.accent}33, transparent 55%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const HeroTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.black};

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => theme.fontSizes.xxxl};
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Buttons side by side that wrap, each a full-width row on the narrowest phones. */
export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  & > * {
    flex: 1 1 10rem;
  }

  ${({ theme }) => theme.media.tablet} {
    & > * {
      flex: 0 0 auto;
    }
  }
`;
