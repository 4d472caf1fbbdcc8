import { useEffect } from 'react';
import { useAccountPanel, useUser } from '@hit/platform';
import { Button, Dialog, DialogActions, Spinner } from '@hit/ui';
import styled from 'styled-components';
import { RemoteComponent } from '../remotes/RemoteComponent';

const LoadingLayer = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgb(5 7 10 / 0.6);
`;

/**
 * The account details panel (mf_account/AccountPanel), over whatever page is open. It is rendered only while
 * open, so the remote loads the first time someone opens it, never on start-up. Only for a signed-in user:
 * signing out closes it, so it does not pop up again at the next sign-in.
 */
export function AccountPanelHost() {
  const { open, setOpen } = useAccountPanel();
  const { data: user } = useUser();
  const signedIn = Boolean(user);

  useEffect(() => {
    if (open && !signedIn) setOpen(false);
  }, [open, signedIn, setOpen]);

  if (!open || !signedIn) return null;
  return (
    <RemoteComponent
      id="mf_account/AccountPanel"
      props={{ open, onOpenChange: setOpen }}
      loading={
        <LoadingLayer>
          <Spinner label="Loading account details" size="lg" />
        </LoadingLayer>
      }
      renderFailure={(retry) => (
        <Dialog open onOpenChange={setOpen} title="Account details couldn't load">
          <p>Check your connection and try again. The rest of the app keeps working.</p>
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button onClick={retry}>Try again</Button>
          </DialogActions>
        </Dialog>
      )}
    />
  );
}
