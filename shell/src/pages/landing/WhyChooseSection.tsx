import styled from 'styled-components';
import { CheckIcon } from './icons';
import { Container, Eyebrow, Section, SectionLead, SectionTitle } from './layout';
import { theme } from '@hit/ui';

const reasons = [
  'Workouts that respect your time: one all-out working set per exercise',
  'Always know what is next: your cycle and next workout day are tracked for you',
  'Rest built in, with 3-minute timers between exercises and 48-hour recovery tracking',
  'Clear, data-driven advice on when to add or drop weight',
  'Made for the gym floor: big buttons and a dark screen that is easy to read',
  'Every set saved as you go, so closing the app never loses a workout',
];

const Band = styled(Section)`
  background: radial-gradient(40rem 20rem at 0% 0%, rgb(255 122 47 / 0.08), transparent 70%), ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Layout = styled(Container)`
  display: grid;
  gap: ${theme.space.xl};

  ${theme.media.desktop} {
    grid-template-columns: minmax(0, 0.8fr) minmax(0, 1.2fr);
    gap: ${theme.space.xxxl};
    align-items: start;
  }
`;

const Intro = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;

const Reasons = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.sm};

  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${theme.space.md};
  }
`;

const Reason = styled.li`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-start;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
`;

const Tick = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
`;

export function WhyChooseSection() {
  return (
    <Band aria-labelledby="why-choose-title">
      <Layout>
        <Intro>
          <Eyebrow>Built for results</Eyebrow>
          <SectionTitle id="why-choose-title">Why Choose HIT Tracker?</SectionTitle>
          <SectionLead>
            High-intensity training works when every set counts. HIT Tracker makes sure it does, without a notebook or
            guesswork.
          </SectionLead>
        </Intro>
        <Reasons>
          {reasons.map((reason) => (
            <Reason key={reason}>
              <Tick>
                <CheckIcon size={16} />
              </Tick>
              <span>{reason}</span>
            </Reason>
          ))}
        </Reasons>
      </Layout>
    </Band>
  );
}
