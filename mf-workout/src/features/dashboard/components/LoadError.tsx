import { Alert, Button, Card } from '@hit/ui';

/** The days or the rotation did not load: say so plainly and offer to try again. */
export function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card title="Your workouts didn't load">
      <Alert title="Something went wrong while loading your workouts.">
        Check your connection and try again. Nothing you logged is lost.
      </Alert>
      <div>
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    </Card>
  );
}
