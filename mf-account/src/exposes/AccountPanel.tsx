import type { AccountPanelProps } from '@hit/contracts';
import { displayName, useLogout, useUser } from '@hit/platform';
import { Button, Dialog, DialogActions } from '@hit/ui';
import styled from 'styled-components';

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;

  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
`;

// Placeholder until the full panel (sheet on mobile, subscription badge, sync/cancel, policies) arrives.
export default function AccountPanel({ open, onOpenChange }: AccountPanelProps) {
  const { data: user } = useUser();
  const logout = useLogout();

  const signOut = () => {
    // Closed first: signing out leaves for /auth, where no account panel belongs.
    onOpenChange(false);
    logout.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Account details">
      {user && (
        <Details>
          <dt>Name</dt>
          <dd>{displayName(user)}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </Details>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
          Sign out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
