import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The impacts that fail a screen: axe's 'serious' and 'critical' (minor and moderate are left to review). */
const FAILING_IMPACTS = ['serious', 'critical'];

/**
 * axe leaves a colour-contrast check "incomplete" (for review, not a violation) where it cannot work out the
 * background: text over a gradient, a pseudo-element or an overlapping element. Those are not failed here; every
 * other serious or critical "needs review" result is (e.g. aria-label on an element that may not be named,
 * which axe only asks to review when the element also has text).
 */
const REVIEW_LEFT_TO_PEOPLE = ['color-contrast'];

interface Finding {
  kind: 'violation' | 'needs review';
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** One finding as a few readable lines: rule id, impact, what it asks for, and every offending element. */
function describe(finding: Finding): string {
  const nodes = finding.nodes.map((node) => `    - ${node.target}\n      ${node.summary}`);
  const kind = finding.kind === 'violation' ? '' : ', needs review';
  return [`  [${finding.impact}${kind}] ${finding.id}: ${finding.help} (${finding.helpUrl})`, ...nodes].join('\n');
}

/**
 * Runs axe-core over the whole document as it is now and fails with an actionable message (rule, impact, help
 * and the CSS targets of the offending nodes, with what to fix) when it finds a serious or critical violation.
 * No rule is disabled: what axe reports is fixed in the product.
 */
export async function expectNoSeriousViolations(page: Page, screenName: string): Promise<void> {
  // Colours are judged as they settle: a dialog still fading in would read as low contrast. Endless animations
  // (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );

  // Injected once per document (a navigation starts a fresh one without axe). Evaluated rather than added as a
  // <script>: the app's Content-Security-Policy (script-src 'self') rightly refuses inline scripts.
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);

  const findings: Finding[] = await page.evaluate(
    async ({ failingImpacts, leftToPeople }) => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations', 'incomplete'],
      });
      const serious = (entry: axe.Result) => failingImpacts.includes(entry.impact ?? '');
      const toFinding = (kind: Finding['kind']) => (entry: axe.Result) => ({
        kind,
        id: entry.id,
        impact: entry.impact ?? '',
        help: entry.help,
        helpUrl: entry.helpUrl,
        nodes: entry.nodes.map((node) => {
          const checks = [...node.any, ...node.all, ...node.none].map((check) => check.message).join(' ');
          return {
            target: node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' >> '),
            summary: (node.failureSummary || checks).replace(/\s+/g, ' ').trim(),
          };
        }),
      });
      return [
        ...result.violations.filter(serious).map(toFinding('violation')),
        ...result.incomplete
          .filter((entry) => serious(entry) && !leftToPeople.includes(entry.id))
          .map(toFinding('needs review')),
      ];
    },
    { failingImpacts: FAILING_IMPACTS, leftToPeople: REVIEW_LEFT_TO_PEOPLE },
  );

  if (findings.length > 0) {
    throw new Error(
      `axe found ${findings.length} serious or critical problem(s) on ${screenName}:\n${findings.map(describe).join('\n')}`,
    );
  }
}
