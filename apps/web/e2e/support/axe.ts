import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** WCAG 2.0/2.1 A and AA plus WCAG 2.2 AA: the bar the portal is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Experimental rules the portal also meets: visible label words inside the accessible name (WCAG 2.5.3). */
export const AXE_EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Runs axe-core on the page as it is now. Legacy mode runs `axe.run` in the page itself, instead of a partial run
 * finished in a blank page it opens and loads axe into again: the portal has no cross-origin frame, the one thing
 * only the partial run reaches. Only violations are collected node by node (the rest are never read).
 */
export const scanPage = async (page: Page): Promise<AxeViolation[]> => {
  // options() first: withTags() adds runOnly to them, while options() would replace everything set before.
  const results = await new AxeBuilder({ page })
    .options({ rules: AXE_EXTRA_RULES, resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .analyze();
  return results.violations;
};

/** One violation per paragraph: rule, impact, help, and each offending node with its selector and summary. */
export const formatViolations = (violations: readonly AxeViolation[]): string =>
  violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (n) =>
            `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');

/** Attaches the violations (if any) to the report as JSON, so the lead can read them without re-running. */
export const attachViolations = async (testInfo: TestInfo, name: string, violations: readonly AxeViolation[]) => {
  if (violations.length === 0) return;
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(
      violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary })),
      })),
      null,
      2,
    ),
    contentType: 'application/json',
  });
};
