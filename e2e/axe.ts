import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/**
 * Runs axe (WCAG 2.1 A/AA and axe's best practices) on the page as it stands and lists each violation
 * with the elements it found, softly: the other pages are still checked. `impacts` keeps only the
 * violations of those weights (every one by default).
 */
export async function expectNoViolations(page: Page, { impacts }: { impacts?: readonly Impact[] } = {}) {
  // A page shows its content once its data has come: no skeleton or busy region is checked.
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const found = violations
    .filter((violation) => !impacts || impacts.includes(violation.impact ?? 'minor'))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`).join('\n'),
    );
  expect.soft(found, `accessibility violations on ${page.url()}`).toEqual([]);
}
