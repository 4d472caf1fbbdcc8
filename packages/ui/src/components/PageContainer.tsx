import styled from 'styled-components';
import { theme } from '../theme';

/** The main area of a screen: full width on phones, a centred column on wide screens. */
export const PageContainer = styled.main`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};

  ${theme.media.tablet} {
    padding: ${theme.space.xl};
  }
`;
