import { ButtonLink, Card, PageContainer, theme } from '@hit/ui';
import styled from 'styled-components';

const Hint = styled.p`
  color: ${theme.colors.textMuted};
`;

export function NotFoundPage() {
  return (
    <PageContainer>
      <Card title="404 Page Not Found">
        <Hint>Did you forget to add the page to the router?</Hint>
        <div>
          <ButtonLink to="/" variant="secondary">
            Go to the start page
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
