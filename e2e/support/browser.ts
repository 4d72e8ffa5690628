/** Debian's Chromium driven by playwright-core: nothing is downloaded. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // The machine has no Internet: stop Chromium's own background calls.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
