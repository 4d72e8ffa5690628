/**
 * axe-core (through @axe-core/playwright) run in Debian's Chromium over what a page shows, at the
 * two widths the product is drawn for: a desktop's 1280 px and a phone's 375 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser';

export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
] as const;

/**
 * Every violation of any impact on the page as it is now, one line each ("rule (impact) at
 * selector: help"), so a failing test names what to fix. Entrance animations are waited out
 * first: a modal fading in reads as low contrast.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await stillAndLoaded(page);
  // Only the violations are read back: passes and incomplete results are most of the work of reporting.
  // Legacy mode runs axe.run in the page itself. The default mode merges the results of cross-origin
  // frames, which Platter's pages never have, in a new tab opened for each scan: two to three times slower.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? 'no impact'}) at ${node.target.join(' ')}: ${violation.help}`,
    ),
  );
}

/**
 * Waits until nothing is loading (no spinner) and nothing fades in any more: content that comes
 * after a fetch fades in on its own, later than the modal around it.
 */
async function stillAndLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="dialog"] .spinner'));
  for (let round = 0; round < 20; round++) {
    await animationsSettled(page);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const fading = await page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
          ).length,
    );
    if (fading === 0) return;
  }
}

/**
 * Scans the page at each width (only the part `within` selects, when given); the lines found are
 * labelled with `what` and the width.
 */
export async function axeAtEachWidth(page: Page, what: string, within?: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const line of await axeViolations(page, within)) found.push(`${what} at ${size.width} px: ${line}`);
  }
  return found;
}
