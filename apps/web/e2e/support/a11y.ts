import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe violations on `page` (at most five elements each), for
 * `expect(await seriousViolations(page)).toEqual([])`. `exclude` leaves out what axe cannot enter, such
 * as an e-mail's sandboxed frame (no scripts run there).
 */
export async function seriousViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  // axe.run in the page itself: the default (runPartial, then finishRun in a new blank page that gets
  // axe injected again) doubled the time of every sweep. Our frames are same-origin or sandboxed
  // e-mails, which are excluded anyway.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}
