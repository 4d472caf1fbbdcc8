import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@hit/ui';
import { LandingPage } from './LandingPage';

function renderLanding() {
  return render(
    <ThemeProvider>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('LandingPage', () => {
  it('has one h1: the spec headline', () => {
    renderLanding();

    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveAccessibleName('High-Intensity Training Workout Tracker');
  });

  it("offers 'Start Your Free Trial' twice, both opening the create-account form at /auth", () => {
    renderLanding();

    const links = screen.getAllByRole('link', { name: 'Start Your Free Trial' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/auth?mode=signup');
  });

  it("has a header with the product name and a 'Sign in' link to /auth", () => {
    renderLanding();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'HIT Tracker' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('says no credit card is needed, word for word', () => {
    renderLanding();

    expect(screen.getByText('No credit card required • Cancel anytime during trial')).toBeInTheDocument();
  });

  it('names the features from the marketing copy', () => {
    renderLanding();

    const features = screen.getByRole('region', { name: 'Everything you need to train with intensity' });
    for (const feature of [
      'Rest timers',
      'Coaching tips',
      'Progress analytics',
      'Training recommendations',
      'Goal setting',
      'Personal records',
    ]) {
      expect(within(features).getByRole('heading', { level: 3, name: feature })).toBeInTheDocument();
    }
  });

  it('explains how it works in three ordered steps, with the 3-day routine', () => {
    renderLanding();

    const section = screen.getByRole('region', { name: 'How it works' });
    const steps = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(steps).toEqual(['Sign up', 'Follow the 3-day routine', 'Track and progress']);
    expect(section).toHaveTextContent('Day 1Chest & back');
    expect(section).toHaveTextContent('Day 2Shoulders & arms');
    expect(section).toHaveTextContent('Day 3Legs & abs');
  });

  it('lists the training guidelines as figures a lifter remembers', () => {
    renderLanding();

    const section = screen.getByRole('region', { name: 'Fewer sets. Harder sets. Real progress.' });
    const terms = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const figures = within(section)
      .getAllByRole('definition')
      .map((figure) => figure.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, figures[i]]))).toEqual({
      'reps per set': '6-10',
      'light warm-up sets first': '2',
      'working set to failure': '1',
      'rest between exercises': '3 min',
      'between workout days, recommended': '48 h',
    });
  });

  it("has a 'Why Choose' list", () => {
    renderLanding();

    const section = screen.getByRole('region', { name: 'Why Choose HIT Tracker?' });
    expect(within(section).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
  });

  it('links the secondary hero action to the how-it-works section on the page', () => {
    renderLanding();

    expect(screen.getByRole('link', { name: 'See how it works' })).toHaveAttribute('href', '#how-it-works');
    expect(document.getElementById('how-it-works')).toHaveAccessibleName('How it works');
  });
});
