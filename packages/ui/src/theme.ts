// Dark surfaces that stay readable under gym lighting, one warm accent for the thing to do next.
// Every text/background pair used by the primitives meets WCAG AA (checked in theme.test.ts).
export const theme = {
  colors: {
    background: '#0f1217',
    surface: '#171b22',
    surfaceRaised: '#212731',
    border: '#343c49',
    text: '#f3f5f8',
    textMuted: '#aab4c3',
    accent: '#ff7a2f',
    accentHover: '#ff9455',
    onAccent: '#16100c',
    /** A dark tint of the accent: behind icons and highlights in the accent colour. */
    accentSoft: '#2a1c14',
    danger: '#d92c2c',
    dangerHover: '#e84444',
    onDanger: '#ffffff',
    /** Error text and icons on the dark surfaces (the solid danger red is for filled buttons). */
    dangerText: '#ff7b7b',
    dangerSurface: '#2a1517',
    success: '#3ecf8e',
    warning: '#f5b83d',
    focus: '#8fc7ff',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  /** Type scale (1.2 ratio around a 16 px body). */
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.2rem',
    xl: '1.44rem',
    xxl: '1.728rem',
    xxxl: '2.488rem',
  },
  fontWeights: { regular: 400, medium: 500, bold: 700, black: 800 },
  lineHeights: { tight: 1.15, normal: 1.5 },
  /** Spacing scale on a 4 px grid. */
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    xxxl: '4rem',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: { card: '0 1px 2px rgb(0 0 0 / 0.4), 0 8px 24px rgb(0 0 0 / 0.25)' },
  /** Mobile first: styles apply from 360 px up, these widen the layout. */
  media: {
    tablet: '@media (min-width: 640px)',
    desktop: '@media (min-width: 1024px)',
  },
  layout: { maxWidth: '72rem', minTouchTarget: '44px' },
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: DefaultTheme becomes Theme
  export interface DefaultTheme extends Theme {}
}
