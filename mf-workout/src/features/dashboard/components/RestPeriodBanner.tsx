import styled from 'styled-components';
import { REST_PERIOD_HOURS } from '../../../constants';
import { restBannerText } from '../logic/restPeriod';
import { MoonIcon } from './icons';
import { theme } from '@hit/ui';

const Banner = styled.aside`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-start;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};

  svg {
    flex: none;
    color: ${theme.colors.warning};
    margin-top: 2px;
  }
`;

const Text = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Note = styled.p`
  margin-top: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/**
 * Shown inside the rest period (docs/product-rules.md, "Rest period"). Rest is recommended, so it informs rather than
 * blocks.
 */
export function RestPeriodBanner({ hoursRemaining }: { hoursRemaining: number }) {
  return (
    <Banner aria-label="Rest period">
      <MoonIcon />
      <div>
        <Text>{restBannerText(hoursRemaining)}</Text>
        <Note>
          {REST_PERIOD_HOURS} hours of rest between workout days is recommended, not required: you can still start your
          next workout now.
        </Note>
      </div>
    </Banner>
  );
}
