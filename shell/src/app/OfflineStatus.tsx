import { useQueryClient } from '@tanstack/react-query';
import { lastDataUpdateAt, useOffline } from '@hit/platform';
import styled from 'styled-components';
import { offlineStatusText } from './offlineStatusText';
import { theme } from '@hit/ui';

// Always in the page (empty while online), so screen readers hear the sentence when it appears.
const StatusBar = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${theme.space.md};

  ${theme.media.tablet} {
    padding: 0 ${theme.space.xl};
  }
`;

const Message = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space.xs};
  margin-top: ${theme.space.md};
  padding: ${theme.space.xs} ${theme.space.md};
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};

  &::before {
    content: '';
    flex: none;
    width: 0.6rem;
    height: 0.6rem;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.warning};
  }
`;

/**
 * On every signed-in screen: while HIT Tracker cannot reach its api, says so and how old the data shown is. It
 * goes as soon as a request is answered again.
 */
export function OfflineStatus() {
  const offline = useOffline();
  const queryClient = useQueryClient();
  return (
    <StatusBar role="status" aria-live="polite">
      {offline && <Message>{offlineStatusText(lastDataUpdateAt(queryClient), new Date())}</Message>}
    </StatusBar>
  );
}
