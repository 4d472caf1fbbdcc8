import { render, screen } from '@testing-library/react';
import { ActiveWorkoutStub } from '../../../../test/activeWorkoutStub';
import { day, session } from '../../../../test/fixtures';
import { ActiveWorkoutScreen } from './ActiveWorkoutScreen';

// Each test file has its own modules: here nothing has loaded the chunk when the screen opens.
jest.mock('../../active-workout', () => ({ ActiveWorkout: (props: never) => ActiveWorkoutStub(props) }));

const dayOne = day(1);
const props = { day: dayOne, session: session(dayOne), onClose: () => undefined };

describe('the active workout, a chunk of its own (issue #21)', () => {
  it('opened before its chunk is in: a spinner, then the workout', async () => {
    render(<ActiveWorkoutScreen {...props} />);

    expect(screen.getByRole('status', { name: 'Opening your workout' })).toBeInTheDocument();
    expect(await screen.findByRole('main', { name: 'Active workout' })).toHaveTextContent('Day 1 in progress');
  });
});
