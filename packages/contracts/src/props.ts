/** Props of each remote's exposed entry: the shell passes these, the remotes accept them. */
export type AuthPageProps = Record<string, never>;
export type WorkoutDashboardProps = Record<string, never>;
export interface ProgressAnalyticsProps {
  onBack?: () => void;
}
export interface AccountPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
