import { act, screen, within } from '@testing-library/react';
import { mockAnalyticsApi, renderAnalytics } from '../../../test/renderAnalytics';

async function renderLoaded() {
  mockAnalyticsApi();
  const rendered = renderAnalytics();
  await screen.findByRole('img', { name: /Weight Progression chart/ });
  // The screen readers' tables arrive a frame after their charts.
  await screen.findByRole('table', { name: /Reps by date/ });
  return rendered;
}

const records = () => screen.getByRole('region', { name: 'Personal Records' });

describe('Personal Records (docs/product-rules.md, "Personal records")', () => {
  it("shows each exercise's heaviest working set and best estimated 1RM with their dates, in lbs", async () => {
    await renderLoaded();

    const items = within(records()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Bench Press',
      'Squat',
      'Barbell Row',
    ]);
    const squat = screen.getByTestId('records-12');
    // Heaviest 210 × 11 (not the 200 × 12 of Nov 1); Epley 210 × (1 + 11/30) = 287 beats 200 × 1.4 = 280.
    expect(within(squat).getByText('Heaviest set').nextElementSibling).toHaveTextContent('210 lbs × 11Nov 5, 2026');
    expect(within(squat).getByText('Estimated 1RM').nextElementSibling).toHaveTextContent(
      '287 lbsfrom 210 lbs × 11, Nov 5, 2026',
    );
    // The Bench Press warm-up of 60 × 12 is no record.
    expect(screen.getByTestId('records-11')).toHaveTextContent('Heaviest set105 lbs × 9Nov 5, 2026');
    expect(screen.getByTestId('records-11')).toHaveTextContent('Estimated 1RM136.5 lbsfrom 105 lbs × 9, Nov 5, 2026');
    expect(screen.getByTestId('records-21')).toHaveTextContent('120 lbs × 5Nov 3, 2026');
  });

  it('follows the unit and the exercise selector', async () => {
    const { user } = await renderLoaded();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'Kilograms (kg)');
    const squat = screen.getByTestId('records-12');
    expect(within(squat).getByText('Heaviest set').nextElementSibling).toHaveTextContent('95.3 kg × 11');
    expect(within(squat).getByText('Estimated 1RM').nextElementSibling).toHaveTextContent(
      '130.2 kgfrom 95.3 kg × 11, Nov 5, 2026',
    );
    expect(screen.getByTestId('records-21')).toHaveTextContent('54.4 kg × 5');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Exercise' }), 'Squat');
    expect(within(records()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('records-12')).toBeInTheDocument();
  });
});

describe('the Weight Progression chart: weight or estimated 1RM', () => {
  it('switches the plotted value per cycle to the best estimated 1RM and back, from the keyboard too', async () => {
    const { user } = await renderLoaded();

    const choice = screen.getByRole('group', { name: 'Chart shows' });
    const weight = within(choice).getByRole('button', { name: 'Weight' });
    const estimate = within(choice).getByRole('button', { name: 'Estimated 1RM' });
    expect(weight).toHaveAttribute('aria-pressed', 'true');
    expect(estimate).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'Squat, Cycle 2: 210 lbs' })).toBeInTheDocument();

    await user.click(estimate);

    expect(estimate).toHaveAttribute('aria-pressed', 'true');
    expect(weight).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'Weight Progression chart, estimated 1RM, in lbs by cycle' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Estimated 1RM by cycle in lbs' })).toBeInTheDocument();
    // Cycle 1's Squat: 200 × 12 → 280; Cycle 2: 210 × 11 → 287. The same lines, colours and legend.
    expect(screen.getByRole('img', { name: 'Squat, Cycle 1: Estimated 1RM 280 lbs' })).toBeInTheDocument();
    const point = screen.getByRole('img', { name: 'Squat, Cycle 2: Estimated 1RM 287 lbs' });
    act(() => point.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Cycle 2: Estimated 1RM 287 lbs');
    expect(within(screen.getByTestId('weight-chart')).getAllByTestId('weight-line')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Exercises' })).getAllByRole('listitem')).toHaveLength(3);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'Kilograms (kg)');
    expect(screen.getByRole('img', { name: 'Squat, Cycle 2: Estimated 1RM 130.2 kg' })).toBeInTheDocument();

    weight.focus();
    await user.keyboard('{Enter}');
    expect(weight).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Weight by cycle in kg' })).toBeInTheDocument();
    estimate.focus();
    await user.keyboard(' ');
    expect(estimate).toHaveAttribute('aria-pressed', 'true');
  });
});
