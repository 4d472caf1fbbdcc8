import type { AccountPanelProps } from '@hit/contracts';
import { Button, Card } from '@hit/ui';
import { useQueryClient } from '@tanstack/react-query';

// Placeholder until the sheet/dialog with account details, subscription and policies arrives.
export default function AccountPanel({ open, onOpenChange }: AccountPanelProps) {
  // The shell's QueryClient through the shared singleton; throws if react-query were not shared.
  useQueryClient();

  if (!open) return null;
  return (
    <Card title="Account">
      <p>Your account details and subscription will appear here.</p>
      <div>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Card>
  );
}
