import type {
  AccountPanelProps,
  AuthPageProps,
  ProgressAnalyticsProps,
  WorkoutDashboardProps,
} from '@hit/contracts';

/** Every remote module the shell loads, with the props its default export takes (ARCHITECTURE §2). */
export interface RemoteModules {
  'mf_auth/AuthPage': AuthPageProps;
  'mf_workout/WorkoutDashboard': WorkoutDashboardProps;
  'mf_analytics/ProgressAnalytics': ProgressAnalyticsProps;
  'mf_account/AccountPanel': AccountPanelProps;
}

export type RemoteModuleId = keyof RemoteModules;
