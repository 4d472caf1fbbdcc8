import styled from 'styled-components';
import { useOutbox, useOutboxStatus, type RejectedOperation } from '@hit/platform';
import { Alert, Button, theme } from '@hit/ui';
import { pendingSetsText, rejectedFileName, rejectedText } from './syncStatusText';
import { useOutboxSync } from './useOutboxSync';

const Bar = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${theme.space.md};
  display: grid;
  gap: ${theme.space.xs};

  ${theme.media.tablet} {
    padding: 0 ${theme.space.xl};
  }
`;

const Pending = styled.p`
  margin-top: ${theme.space.sm};
  justify-self: end;
  padding: ${theme.space.xxs} ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xs};
`;

const Reasons = styled.ul`
  margin: ${theme.space.xs} 0 0;
  padding-left: ${theme.space.lg};
`;

/** The refused operations as a file, so what the api would not take is never lost with them. */
function download(rejected: readonly RejectedOperation[]): void {
  const blob = new Blob([JSON.stringify({ exportedAt: new Date().toISOString(), rejected }, null, 2)], {
    type: 'application/json',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = rejectedFileName(new Date());
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Under the offline status on every signed-in screen (issue #18): how many sets wait to sync (nothing once all is
 * synced), what the api explained after applying work whose state had moved meanwhile, and any change it refused for
 * good, with its reason and a download of it. Also keeps the outbox sending (useOutboxSync).
 */
export function SyncStatus() {
  useOutboxSync();
  const outbox = useOutbox();
  const status = useOutboxStatus();
  const pendingSets = status?.pendingSets ?? 0;
  const rejected = status?.rejected ?? [];
  const notices = status?.notices ?? [];

  return (
    <Bar>
      <div role="status" aria-live="polite">
        {pendingSets > 0 && <Pending>{pendingSetsText(pendingSets)}</Pending>}
      </div>
      {notices.length > 0 && outbox && (
        <Alert variant="default" title="Synced">
          <Row>
            <span>{notices.join(' ')}</span>
            <Button size="sm" variant="secondary" onClick={() => void outbox.dismissNotices()}>
              OK
            </Button>
          </Row>
        </Alert>
      )}
      {rejected.length > 0 && outbox && (
        <Alert title={rejectedText(rejected.length)}>
          <Reasons>
            {rejected.map((entry) => (
              <li key={entry.operation.opId}>{entry.message}</li>
            ))}
          </Reasons>
          <Row>
            <span>Download them to keep a copy; they stay here until you dismiss them.</span>
            <span>
              <Button size="sm" variant="secondary" onClick={() => download(rejected)}>
                Download
              </Button>{' '}
              <Button size="sm" variant="ghost" onClick={() => void outbox.clearRejected()}>
                Dismiss
              </Button>
            </span>
          </Row>
        </Alert>
      )}
    </Bar>
  );
}
