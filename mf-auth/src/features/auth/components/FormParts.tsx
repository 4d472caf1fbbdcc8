import type { ReactNode, Ref } from 'react';
import { Link } from '@hit/routing';
import styled from 'styled-components';
import { Card, theme } from '@hit/ui';

/** The card that holds one form, named by its headline. */
export const FormCard = styled(Card)`
  gap: ${theme.space.lg};
  padding: ${theme.space.lg} ${theme.space.md};

  @media (min-width: 400px) {
    padding: ${theme.space.lg};
  }

  ${theme.media.tablet} {
    padding: ${theme.space.xl};
  }
`;

const Header = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const Headline = styled.h1`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.black};
  letter-spacing: -0.02em;

  &:focus {
    outline: none;
  }

  @media (min-width: 400px) {
    font-size: ${theme.fontSizes.xxl};
  }
`;

const Subline = styled.p`
  color: ${theme.colors.textMuted};
  text-wrap: pretty;
`;

interface FormHeaderProps {
  headlineId: string;
  headline: string;
  subline: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}

/** The form's headline (focused when the visitor switches forms, so screen readers hear the new one). */
export function FormHeader({ headlineId, headline, subline, ref }: FormHeaderProps) {
  return (
    <Header>
      <Headline id={headlineId} ref={ref} tabIndex={-1}>
        {headline}
      </Headline>
      <Subline>{subline}</Subline>
    </Header>
  );
}

export const Fields = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

/** Two short fields side by side once there is room, stacked on narrow phones. */
export const FieldPair = styled.div`
  display: grid;
  gap: ${theme.space.md};

  ${theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const SubmitRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  margin-top: ${theme.space.xs};
`;

export const Optional = styled.span`
  color: ${theme.colors.textMuted};
  font-weight: ${theme.fontWeights.regular};
`;

const SwitchRow = styled.p`
  display: flex;
  justify-content: center;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
  text-align: center;
`;

const StyledSwitchLink = styled(Link)`
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  column-gap: 0.3em;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.textMuted};
  text-decoration: none;

  strong {
    color: ${theme.colors.accent};
    font-weight: ${theme.fontWeights.bold};
    text-decoration: underline;
    text-underline-offset: 3px;
  }

  &:hover strong {
    color: ${theme.colors.accentHover};
  }
`;

interface SwitchLinkProps {
  /** The query string of the other form ('' for sign-in). */
  search: string;
  question: string;
  action: string;
  /** Another page's path (the reset page's link to /auth): then an ordinary link that Back returns from. */
  pathname?: string;
}

/**
 * The link to the other form. It changes only the query string, in place: Back still leaves the page rather
 * than flipping between the forms.
 */
export function SwitchLink({ search, question, action, pathname }: SwitchLinkProps) {
  return (
    <SwitchRow>
      <StyledSwitchLink to={pathname ? { pathname, search } : { search }} replace={!pathname}>
        {question} <strong>{action}</strong>
      </StyledSwitchLink>
    </SwitchRow>
  );
}

const StyledInlineLink = styled(Link)`
  align-self: flex-end;
  display: inline-flex;
  align-items: center;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.xs};
  margin-top: calc(-1 * ${theme.space.sm});
  border-radius: ${theme.radii.md};
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: underline;
  text-underline-offset: 3px;

  &:hover {
    color: ${theme.colors.accentHover};
  }
`;

/** 'Forgot password?' under the sign-in form's password: to the reset request form, in place like the switch links. */
export function ForgotLink() {
  return (
    <StyledInlineLink to={{ search: '?mode=forgot' }} replace>
      Forgot password?
    </StyledInlineLink>
  );
}

/** A link inside a message (e.g. 'Ask for a new link'), to another page or form. */
export const MessageLink = styled(Link)`
  color: inherit;
  font-weight: ${theme.fontWeights.bold};
  text-decoration: underline;
  text-underline-offset: 3px;
`;
