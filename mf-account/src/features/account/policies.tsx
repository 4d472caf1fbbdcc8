import styled from 'styled-components';
import { theme } from '@hit/ui';

const Text = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  max-height: 60vh;
  overflow-y: auto;
  font-size: ${theme.fontSizes.sm};
  line-height: 1.55;

  h3 {
    margin: ${theme.space.xs} 0 0;
    font-size: ${theme.fontSizes.md};
  }
  p,
  ul {
    margin: 0;
  }
  ul {
    padding-left: 1.25rem;
  }
`;

export const CONTACT_URL = 'https://hit-tracker.app/contact';

export function PrivacyPolicyText() {
  return (
    <Text>
      <p>
        HIT Tracker keeps only the data it needs to run your workout log. This policy explains what that is, why we keep
        it and for how long.
      </p>
      <h3>What we keep</h3>
      <ul>
        <li>Your account: e-mail address, optional first and last name, and a securely hashed password.</li>
        <li>Your workouts: the sessions you start and finish, and every set you log (weight, unit, repetitions).</li>
        <li>Your progress: where you are in the 3-day rotation and cycle, and the history used for your analytics.</li>
        <li>Your subscription state: trial end date, subscription status and the end of the paid period.</li>
      </ul>
      <h3>Cookies</h3>
      <p>
        We use a single session cookie to keep you signed in. It is not used for advertising or tracking across other
        sites, and it is removed when you sign out.
      </p>
      <h3>Payments</h3>
      <p>
        Payments are handled by Stripe. Your card details go straight to Stripe and never reach our servers; we only
        keep the subscription identifier and status Stripe reports back to us.
      </p>
      <h3>How long we keep it</h3>
      <p>
        Free accounts that have been inactive for one year may be deleted together with their workout data. Paid
        accounts are kept for as long as the subscription exists.
      </p>
      <h3>Your choices</h3>
      <p>
        From the account panel you can, at any time, download all your data (a CSV of your sets or a JSON file of
        everything we keep), reset your workout progress, or delete your account with all its data. To ask about your
        data, contact us at {CONTACT_URL}.
      </p>
    </Text>
  );
}

export function TermsOfServiceText() {
  return (
    <Text>
      <p>By creating an account and using HIT Tracker you agree to these terms.</p>
      <h3>The service</h3>
      <p>
        HIT Tracker helps you log a 3-day high-intensity training routine, time your rest and review your progress. It
        is a logging tool, not medical advice: train within your limits and consult a professional when in doubt.
      </p>
      <h3>Your account</h3>
      <p>
        Keep your password to yourself; you are responsible for activity on your account. Provide an e-mail address you
        can access.
      </p>
      <h3>Free trial and subscription</h3>
      <ul>
        <li>New accounts get a 30-day free trial with full access. No credit card is required for the trial.</li>
        <li>After the trial, premium features need a monthly subscription, billed through Stripe.</li>
        <li>
          You can cancel at any time from the account panel. Access continues until the end of the period you have paid
          for; there are no partial refunds for the remaining days.
        </li>
      </ul>
      <h3>Your data</h3>
      <p>
        Your workout data is yours. Free accounts inactive for one year may be deleted; paid accounts are retained. See
        the Privacy Policy for details.
      </p>
      <h3>Changes and availability</h3>
      <p>
        We may update the service and these terms; significant changes will be announced in the app. We aim for the
        service to be available at all times but cannot guarantee it.
      </p>
    </Text>
  );
}
