import { Button, ButtonLink, Card, PageContainer, theme } from '@hit/ui';
import styled from 'styled-components';

const Message = styled.p`
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

export interface LoadFailedProps {
  title: string;
  message: string;
  onRetry: () => void;
}

/** Something this screen needs did not load: say so plainly and offer to try again. */
export function LoadFailed({ title, message, onRetry }: LoadFailedProps) {
  return (
    <PageContainer>
      <Card title={title} role="alert">
        <Message>{message}</Message>
        <Actions>
          <Button onClick={onRetry}>Try again</Button>
          <ButtonLink to="/" variant="ghost">
            Go to the start page
          </ButtonLink>
        </Actions>
      </Card>
    </PageContainer>
  );
}
