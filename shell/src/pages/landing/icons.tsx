import type { ReactNode } from 'react';

// Small stroke icons drawn inline (24 px grid): no icon library and nothing to download.
function StrokeIcon({ children, size = 24 }: { children: ReactNode; size?: number }) {
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

export const TimerIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9.5 2h5M12 2v3M19 6l1.5-1.5" />
  </StrokeIcon>
);

export const TipIcon = () => (
  <StrokeIcon>
    <path d="M9 18h6M10 21.5h4M12 2.5a6.5 6.5 0 0 0-3.8 11.8c.5.4.8 1 .8 1.7h6c0-.7.3-1.3.8-1.7A6.5 6.5 0 0 0 12 2.5z" />
  </StrokeIcon>
);

export const ChartIcon = () => (
  <StrokeIcon>
    <path d="M3.5 3.5v17h17" />
    <path d="M7.5 15l3.5-4 3 2.5 5-6.5" />
  </StrokeIcon>
);

export const TrendIcon = () => (
  <StrokeIcon>
    <path d="M3 17l6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </StrokeIcon>
);

export const TargetIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
  </StrokeIcon>
);

export const TrophyIcon = () => (
  <StrokeIcon>
    <path d="M8 21h8M12 17v4M7 3.5h10V9a5 5 0 0 1-10 0V3.5z" />
    <path d="M17 5.5h3V7a3.5 3.5 0 0 1-3.3 3.5M7 5.5H4V7a3.5 3.5 0 0 0 3.3 3.5" />
  </StrokeIcon>
);

export const CheckIcon = ({ size = 20 }: { size?: number }) => (
  <StrokeIcon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </StrokeIcon>
);

export const ArrowRightIcon = () => (
  <StrokeIcon size={20}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </StrokeIcon>
);

/** The HIT Tracker mark: a dumbbell on the accent square (the same drawing as the favicon). */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="#ff7a2f" />
    <path d="M7 11.5h3.5v9H7zm14.5 0H25v9h-3.5zm-10 3h9v3h-9z" fill="#16100c" />
  </svg>
);
