import type { AccountPanelProps, AuthPageProps, ProgressAnalyticsProps, WorkoutDashboardProps } from './props';
import type { REMOTES } from './remotes';

/**
 * The federation contract (docs/architecture.md, "Module federation contract"): every module the shell loads, by id
 * (`<remote name>/<expose>`), with the props the shell passes to its default export. The shell renders remotes through
 * this map, and each remote's `src/exposes/contract.ts` checks that its exposed component takes these props, so
 * `tsc -b` (the start of `npm test`) fails on a breaking change. A breaking change gets a new expose key, never a
 * silent change.
 *
 * Props, not components: this package stays free of React; the remotes check against React's ComponentType.
 */
export interface RemoteExposeProps {
  'mf_auth/AuthPage': AuthPageProps;
  'mf_workout/WorkoutDashboard': WorkoutDashboardProps;
  'mf_analytics/ProgressAnalytics': ProgressAnalyticsProps;
  'mf_account/AccountPanel': AccountPanelProps;
}

export type RemoteExposeId = keyof RemoteExposeProps;

// The ids above are exactly the exposes REMOTES builds (webpack.factory.js) and the api serves: one per remote.
type ExposeIdOf<Remote> = Remote extends { name: infer Name extends string; expose: infer Expose extends string }
  ? `${Name}/${Expose}`
  : never;
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<Condition extends true> = Condition;
// Checked where it is declared: a mismatch is a type error here.
export type ExposeIdsMatchRemotes = Assert<SameKeys<RemoteExposeId, ExposeIdOf<(typeof REMOTES)[number]>>>;
