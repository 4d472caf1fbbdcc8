import type { ReactNode } from 'react';

// Stroke icons drawn on a 24 px grid; decorative (the text next to them says the same thing).
function Icon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Icon>
);

export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);

export const MoonIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z" />
  </Icon>
);

export const LockIcon = () => (
  <Icon size={16}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon size={16}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const CalendarIcon = () => (
  <Icon size={16}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Icon>
);

export const WarningIcon = () => (
  <Icon>
    <path d="M12 3l10 18H2z" />
    <path d="M12 10v5M12 18h.01" />
  </Icon>
);

export const DumbbellIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12" />
  </Icon>
);

export const RepeatIcon = () => (
  <Icon>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4" />
    <path d="M21 13v2a3 3 0 0 1-3 3H3" />
  </Icon>
);

export const FlameIcon = () => (
  <Icon>
    <path d="M12 22c4 0 7-2.7 7-6.8 0-3.7-2.6-6.2-4.4-8.7-.6 2-1.6 3.2-2.9 3.6C12 7 11 4.4 8.5 2 8.7 6 5 8.6 5 14.6 5 19 8 22 12 22z" />
  </Icon>
);

export const TimerIcon = () => (
  <Icon>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 2h6" />
  </Icon>
);

export const ListOrderIcon = () => (
  <Icon>
    <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
  </Icon>
);

export const WarmupIcon = () => (
  <Icon>
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    <circle cx="12" cy="12" r="4" />
  </Icon>
);
