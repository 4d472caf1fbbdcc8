import { act, screen } from '@testing-library/react';
import { mockAnalyticsApi, renderAnalytics } from '../../../test/renderAnalytics';

const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

describe('Progress Analytics with no network', () => {
  it('keeps showing the last analytics when their refresh fails', async () => {
    const api = mockAnalyticsApi();
    const { queryClient } = renderAnalytics();
    await screen.findByRole('region', { name: 'Training Recommendations' });

    api.route({ 'GET /api/subscription/status': noNetwork, 'GET /api/progress': noNetwork });
    await act(() => queryClient.refetchQueries());

    expect(api.callsTo('GET /api/progress')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Training Recommendations' })).toBeInTheDocument();
    expect(screen.getByTestId('tile-Total Working Sets')).toHaveTextContent('5');
    expect(screen.queryByText('Unable to load progress data')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading progress data...')).not.toBeInTheDocument();
  });

  it('offers Try again, never an endless spinner, when there is no saved answer', async () => {
    mockAnalyticsApi({ 'GET /api/progress': noNetwork });
    renderAnalytics();

    expect(await screen.findByText('Unable to load progress data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
