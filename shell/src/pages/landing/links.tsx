import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { buttonLook, buttonStyles, type ButtonLook, type ButtonStyleProps } from '@hit/ui';

/** What the landing page needs of a link. react-router's Link is one. */
export interface LandingLinkProps {
  to: string;
  className?: string;
  children?: ReactNode;
}

export type LandingLinkComponent = ComponentType<LandingLinkProps>;

/** A document navigation: the browser loads the app at `to`. */
function DocumentLink({ to, children, ...rest }: LandingLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/**
 * How the landing page's links navigate. The standalone landing page the api serves for `/` has no router, so by
 * default a link is a plain anchor; inside the app, LandingPage is given the router's Link (no reload).
 */
export const LandingLinkContext = createContext<LandingLinkComponent>(DocumentLink);

export function LandingLink(props: LandingLinkProps) {
  const Link = useContext(LandingLinkContext);
  // eslint-disable-next-line react-hooks/static-components -- the context holds a module-level component (DocumentLink or the router's Link), not one made in render
  return <Link {...props} />;
}

const StyledButtonLink = styled(LandingLink)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A landing link that looks like a Button (as @hit/ui's ButtonLink, without needing a router). */
export function LandingButtonLink({ variant, size, fullWidth, ...rest }: LandingLinkProps & ButtonLook) {
  return <StyledButtonLink {...buttonLook({ variant, size, fullWidth })} {...rest} />;
}
