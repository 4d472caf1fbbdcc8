import styled from 'styled-components';
import { theme } from '@hit/ui';

/** The one card that says what to do now (start or resume), drawn in the accent colour. */
export const HeroCard = styled.section`
  position: relative;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.accent};
  border-radius: ${theme.radii.lg};
  background: radial-gradient(120% 140% at 100% 0%, ${theme.colors.accent}33, transparent 55%), ${theme.colors.surface};
  box-shadow: ${theme.shadows.card};

  ${theme.media.tablet} {
    padding: ${theme.space.xl};
  }
`;

export const Eyebrow = styled.p`
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const HeroTitle = styled.h2`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.black};

  ${theme.media.tablet} {
    font-size: ${theme.fontSizes.xxxl};
  }
`;

export const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

/** Buttons side by side that wrap, each a full-width row on the narrowest phones. */
export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};

  & > * {
    flex: 1 1 10rem;
  }

  ${theme.media.tablet} {
    & > * {
      flex: 0 0 auto;
    }
  }
`;
