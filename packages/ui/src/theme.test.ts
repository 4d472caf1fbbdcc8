import { theme } from './theme';

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = hex.match(/[0-9a-f]{2}/gi)!.map((c) => parseInt(c, 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const { colors } = theme;

describe('theme colours', () => {
  it.each([
    ['text on background', colors.text, colors.background],
    ['text on surface', colors.text, colors.surface],
    ['text on raised surface', colors.text, colors.surfaceRaised],
    ['muted text on surface', colors.textMuted, colors.surface],
    ['muted text on raised surface', colors.textMuted, colors.surfaceRaised],
    ['accent links on background', colors.accent, colors.background],
    ['accent links on surface', colors.accent, colors.surface],
    ['accent on its soft tint', colors.accent, colors.accentSoft],
    ['text on the accent tint', colors.text, colors.accentSoft],
    ['primary button label', colors.onAccent, colors.accent],
    ['primary button label on hover', colors.onAccent, colors.accentHover],
    ['danger button label', colors.onDanger, colors.danger],
    ['success text on surface', colors.success, colors.surface],
    ['success text on raised surface', colors.success, colors.surfaceRaised],
    ['error text on background', colors.dangerText, colors.background],
    ['error text on surface', colors.dangerText, colors.surface],
    ['error text on raised surface', colors.dangerText, colors.surfaceRaised],
    ['alert text on the error surface', colors.text, colors.dangerSurface],
    ['warning text on surface', colors.warning, colors.surface],
  ])('%s meets WCAG AA (4.5:1)', (_pair, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('makes the focus ring stand out from every surface (3:1)', () => {
    for (const surface of [colors.background, colors.surface, colors.surfaceRaised]) {
      expect(contrast(colors.focus, surface)).toBeGreaterThanOrEqual(3);
    }
  });
});
