import type { ReactNode } from 'react';
import { Link } from '@hit/routing';
import styled from 'styled-components';
import { BrandMark } from './icons';
import { MarketingPanel, TRIAL_NOTE } from './MarketingPanel';
import { theme } from '@hit/ui';

/** Where the two-column desktop layout starts; below it the phone layout (a CSS switch, no JS). */
export const WIDE_LAYOUT = '@media (min-width: 900px)';

const Screen = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  grid-template-columns: minmax(0, 1fr);

  ${WIDE_LAYOUT} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
  }
`;

// The form comes first in the document (keyboard and screen-reader order); on wide screens the panel is
// placed to its left.
const FormColumn = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.lg};
  padding: ${theme.space.lg} ${theme.space.md} ${theme.space.xl};
  background:
    radial-gradient(120% 60% at 50% 0%, ${theme.colors.accent}14, transparent 60%), ${theme.colors.background};

  ${theme.media.tablet} {
    padding: ${theme.space.xxl} ${theme.space.xl};
  }

  ${WIDE_LAYOUT} {
    grid-column: 2;
    grid-row: 1;
    justify-content: center;
    background: ${theme.colors.background};
  }
`;

const PanelColumn = styled.div`
  display: none;

  ${WIDE_LAYOUT} {
    display: flex;
    grid-column: 1;
    grid-row: 1;
  }
`;

const MobileHeader = styled.header`
  width: 100%;
  max-width: 28rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.xs};
  text-align: center;

  ${WIDE_LAYOUT} {
    display: none;
  }
`;

const Tagline = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const MobileFootnote = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  text-align: center;

  ${WIDE_LAYOUT} {
    display: none;
  }
`;

const FormSlot = styled.div`
  width: 100%;
  max-width: 28rem;
`;

const BrandLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: ${theme.layout.minTouchTarget};
  padding-right: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.black};
  letter-spacing: -0.01em;
  text-decoration: none;
`;

const MarkTile = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
`;

/** The product name and mark, leading back to the start page. */
export function Brand() {
  return (
    <BrandLink to="/" aria-label="HIT Tracker home">
      <MarkTile>
        <BrandMark />
      </MarkTile>
      HIT Tracker
    </BrandLink>
  );
}

/**
 * The auth screen's frame. Desktop: the marketing panel on the left, the form on the right. Phones: a compact
 * brand header above the form, no panel.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Screen>
      <FormColumn>
        <MobileHeader>
          <Brand />
          <Tagline>The 3-day high-intensity training tracker</Tagline>
        </MobileHeader>
        <FormSlot>{children}</FormSlot>
        <MobileFootnote>{TRIAL_NOTE}</MobileFootnote>
      </FormColumn>
      <PanelColumn>
        <MarketingPanel brand={<Brand />} />
      </PanelColumn>
    </Screen>
  );
}
