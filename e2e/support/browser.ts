/** Debian's Chromium driven by playwright-core: nothing is downloaded. */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more of Chromium's switches (the music journeys let pages play without a click). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_SWITCHES, ...extraArgs] });
}

/** The switches every Chromium of the tests and benchmarks starts with. */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // The machine has no Internet: stop Chromium's own background calls.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Waits for the page's entrance animations (a modal rises 12 px as it fades
 * in) to finish, so boxes measured next are where the elements stay.
 * Endless animations (spinners) are left out.
 */
export function animationsSettled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation (its element re-rendered) rejects: that one is over too.
    await Promise.allSettled(finite.map((animation) => animation.finished));
  });
}
