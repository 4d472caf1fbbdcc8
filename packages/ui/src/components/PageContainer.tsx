import styled from 'styled-components';

/** The main area of a screen: full width on phones, a centred column on wide screens. */
export const PageContainer = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;
