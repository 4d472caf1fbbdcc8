import { useId, useRef, useState } from 'react';
import type { AccountPanelProps } from '@hit/contracts';
import { trialExpiredDescription } from '@hit/contracts/rules';
import {
  displayName,
  useAccess,
  useCheckout,
  useLogout,
  useOutboxStatus,
  useResetProgress,
  useRestAlertSetting,
  useSubscriptionStatus,
  useUser,
} from '@hit/platform';
import {
  Badge,
  BuildLabel,
  Button,
  Dialog,
  DialogActions,
  RestAlertSwitch,
  TOAST_ROOM,
  UpgradePrompt,
  theme,
} from '@hit/ui';
import styled, { createGlobalStyle } from 'styled-components';
import { useCancelSubscription, useSyncSubscription } from '../features/account/accountApi';
import { showCancel, showSync, subscriptionBadge } from '../features/account/logic/subscription';
import { PlateSettings } from '../features/account/PlateSettings';
import { ChangePassword } from '../features/account/ChangePassword';
import { ImportHistory } from '../features/account/ImportHistory';
import { DeleteAccount } from '../features/account/DeleteAccount';
import { ExportData } from '../features/account/ExportData';
import { CONTACT_URL, PrivacyPolicyText, TermsOfServiceText } from '../features/account/policies';
import { buildLabel, remoteVersion } from '../buildInfo';

const Details = styled.dl`
  display: grid;
  gap: ${theme.space.xs};
  margin: 0;

  /* Focused only on open (tabIndex -1), so a screen reader starts here; never a Tab stop, so no ring. */
  &:focus {
    outline: none;
  }

  dt {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${theme.space.xs};
    font-weight: ${theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: grid;
  gap: ${theme.space.sm};
`;

/** The spec's badge word alone in the badge, the days left beside it. */
const BadgeLine = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
`;

const BadgeDetail = styled.span`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.textMuted};
`;

const DangerGroup = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.sm};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const Note = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const LinkRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${theme.space.sm};
`;

const ExternalLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.md};
  /* Looks like the ghost Buttons beside it (Privacy Policy, Terms of Service): one row of equal links. */
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

/**
 * On phones the panel is a bottom sheet. @hit/ui's Dialog takes no styling props, so this targets the one dialog
 * holding the [data-account-sheet] marker (and its backdrop) with :has(); other dialogs are untouched.
 */
const PhoneSheetStyle = createGlobalStyle`
  @media (max-width: 639.98px) {
    div:has(> [role='dialog'] [data-account-sheet]) {
      align-items: flex-end;
      padding: 0;
    }
    [role='dialog']:has([data-account-sheet]) {
      max-width: none;
      margin: auto 0 0;
      /* Never taller than what is left under a toast (TOAST_ROOM), or it would reach past the screen's bottom. */
      max-height: min(92vh, calc(100dvh - ${TOAST_ROOM}));
      overflow-y: auto;
      border-bottom: 0;
      border-radius: ${theme.radii.lg} ${theme.radii.lg} 0 0;
      padding-bottom: calc(${theme.space.lg} + env(safe-area-inset-bottom, 0px));
    }
  }
`;

type Open = null | 'reset' | 'cancel' | 'plates' | 'import' | 'password' | 'privacy' | 'terms' | 'signOut' | 'delete';

/** What signing out with work not synced yet asks first. */
function unsyncedTitle(pendingSets: number): string {
  if (pendingSets === 0) return 'Changes are not synced yet';
  return pendingSets === 1 ? '1 set is not synced yet' : `${pendingSets} sets are not synced yet`;
}

export default function AccountPanel({ open, onOpenChange }: AccountPanelProps) {
  const { data: user } = useUser();
  const { data: status } = useSubscriptionStatus();
  const access = useAccess();
  const checkout = useCheckout();
  const logout = useLogout();
  const reset = useResetProgress();
  const sync = useSyncSubscription();
  const cancel = useCancelSubscription();
  const outbox = useOutboxStatus();
  // This device's rest-over alert (issue #22): its push client loads when the panel opens.
  const restAlert = useRestAlertSetting(open);
  const [inner, setInner] = useState<Open>(null);
  const detailsRef = useRef<HTMLDListElement>(null);
  const checkingId = useId();
  // Reset waits while the subscription status loads and is refused without access, as on the dashboard
  // (docs/product-rules.md, "Reset progress").
  const accessDenied = !access.isLoading && !access.canAccessFeatures;
  const resetBlocked = access.isLoading || accessDenied;
  const closeInner = (next: boolean) => {
    if (!next) setInner(null);
  };

  const unsynced = outbox?.operations.length ?? 0;
  const signOutNow = () => {
    // Closed first: signing out leaves for /auth, where no account panel belongs.
    setInner(null);
    onOpenChange(false);
    logout.mutate();
  };
  // Work not synced yet stays in this browser under this user (issue #18): they are told before they leave.
  const signOut = () => (unsynced > 0 ? setInner('signOut') : signOutNow());

  const confirmReset = () => {
    setInner(null);
    reset.mutate();
  };

  const confirmCancel = () => {
    setInner(null);
    cancel.mutate();
  };

  // The account is gone and the platform takes the visitor to /, where no account panel belongs.
  const accountDeleted = () => {
    setInner(null);
    onOpenChange(false);
  };

  const badge = status ? subscriptionBadge(status, new Date()) : null;

  return (
    <>
      {open && <PhoneSheetStyle />}
      {/* While the panel is on screen: closed, nothing of it is. */}
      {open && <BuildLabel label={buildLabel()} version={remoteVersion()} />}
      {/* Opening focuses the details, so a screen reader starts with whose account this is. */}
      <Dialog open={open} onOpenChange={onOpenChange} title="Account details" initialFocusRef={detailsRef}>
        {user && (
          <Details ref={detailsRef} tabIndex={-1}>
            <dt>Name</dt>
            <dd>{displayName(user)}</dd>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Subscription</dt>
            <dd>
              {badge ? (
                <BadgeLine>
                  <Badge variant={badge.tone} data-testid="subscription-badge">
                    {badge.label}
                  </Badge>
                  {badge.detail && <BadgeDetail data-testid="subscription-detail">{badge.detail}</BadgeDetail>}
                </BadgeLine>
              ) : (
                '…'
              )}
            </dd>
          </Details>
        )}
        {accessDenied && (
          <UpgradePrompt
            title="Free Trial Expired"
            description={trialExpiredDescription(status?.trialDays)}
            onUpgrade={() => checkout.mutate()}
            isPending={checkout.isPending}
          />
        )}
        <Actions data-account-sheet>
          {status && showSync(status) && (
            // aria-disabled, not disabled: a disabled button drops the keyboard's focus out of the panel, and Escape
            // with it.
            <Button
              variant="secondary"
              onClick={() => !sync.isPending && sync.mutate()}
              aria-disabled={sync.isPending || undefined}
            >
              {sync.isPending ? 'Syncing...' : 'Sync Subscription Status'}
            </Button>
          )}
          {status && showCancel(status) && (
            <Button variant="secondary" onClick={() => setInner('cancel')} disabled={cancel.isPending}>
              Cancel Subscription
            </Button>
          )}
          <RestAlertSwitch setting={restAlert} />
          <Button variant="secondary" onClick={() => setInner('plates')}>
            Plate Settings
          </Button>
          <Button variant="secondary" onClick={() => setInner('import')}>
            Import Workouts
          </Button>
          <Button variant="secondary" onClick={() => setInner('password')}>
            Change Password
          </Button>
          <ExportData />
          <LinkRow>
            <ExternalLink href={CONTACT_URL} target="_blank" rel="noopener noreferrer">
              Contact
            </ExternalLink>
            <Button variant="ghost" onClick={() => setInner('privacy')}>
              Privacy Policy
            </Button>
            <Button variant="ghost" onClick={() => setInner('terms')}>
              Terms of Service
            </Button>
          </LinkRow>
          <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
            Sign Out
          </Button>
          {/* The destructive actions last, apart from the rest, so a tap meant for another button never lands here. */}
          <DangerGroup role="group" aria-label="Danger zone">
            <Button
              variant="danger"
              onClick={() => setInner('reset')}
              disabled={reset.isPending || resetBlocked}
              aria-describedby={access.isLoading ? checkingId : undefined}
            >
              Reset All Progress
            </Button>
            {access.isLoading && <Note id={checkingId}>Checking subscription status...</Note>}
            <Button variant="danger" onClick={() => setInner('delete')}>
              Delete Account
            </Button>
          </DangerGroup>
        </Actions>
      </Dialog>

      <Dialog
        open={open && inner === 'reset' && !resetBlocked}
        onOpenChange={closeInner}
        title="Reset all progress?"
        description="Every logged set and workout session will be deleted and you start again from Day 1 of Cycle 1. This cannot be undone."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setInner(null)}>
            Keep my progress
          </Button>
          <Button variant="danger" onClick={confirmReset}>
            Yes, reset everything
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={open && inner === 'cancel'}
        onOpenChange={closeInner}
        title="Cancel subscription?"
        description="You keep premium access until the end of the current billing period. After that, premium features are locked."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setInner(null)}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={confirmCancel}>
            Yes, cancel
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={open && inner === 'signOut'}
        onOpenChange={closeInner}
        title={unsyncedTitle(outbox?.pendingSets ?? 0)}
        description="They stay on this device and sync the next time you sign in here."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setInner(null)}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={signOutNow}>
            Sign out anyway
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={open && inner === 'plates'}
        onOpenChange={closeInner}
        title="Plate Settings"
        description="The bar, the leg press sled and the plates you have: the set form shows what to load for a weight."
        size="md"
      >
        <PlateSettings onSaved={() => setInner(null)} />
      </Dialog>

      <Dialog
        open={open && inner === 'import'}
        onOpenChange={closeInner}
        title="Import Workouts"
        description="Bring your history from Strong or Hevy: its sets count in your charts, records and recommendations."
        size="md"
      >
        <ImportHistory onDone={() => setInner(null)} />
      </Dialog>

      <Dialog
        open={open && inner === 'password'}
        onOpenChange={closeInner}
        title="Change Password"
        description="You stay signed in here; every other device is signed out."
      >
        <ChangePassword email={user?.email} onChanged={() => setInner(null)} onCancel={() => setInner(null)} />
      </Dialog>

      <Dialog open={open && inner === 'privacy'} onOpenChange={closeInner} title="Privacy Policy" size="lg">
        <PrivacyPolicyText />
      </Dialog>

      <Dialog open={open && inner === 'terms'} onOpenChange={closeInner} title="Terms of Service" size="lg">
        <TermsOfServiceText />
      </Dialog>

      <Dialog open={open && inner === 'delete'} onOpenChange={closeInner} title="Delete your account?">
        <DeleteAccount onDeleted={accountDeleted} onCancel={() => setInner(null)} />
      </Dialog>
    </>
  );
}
